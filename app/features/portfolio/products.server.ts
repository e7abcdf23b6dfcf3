import { z } from "zod";
import { productNames } from "~/config/navigation";
import { productArtMotifs } from "~/config/art";
import {
  keepUniqueBy,
  loadCollection,
  type RawFiles,
  type YamlEntry,
} from "~/lib/content/collection";
import {
  durationField,
  editorHints,
  lineField,
  serviceIdField,
  slugField,
} from "~/lib/content/fields";
import { contentFiles, throwIfRefused } from "~/lib/content/content-files.server";
import { captionedImageField } from "~/lib/images/image-fields";

/**
 * The portfolio's products (content/products/*.yaml), each with its case
 * study. Any number of products may be added as files: the portfolio and the
 * case pages list them all, and an industry is whatever a product names. The
 * footer's Products column stays the specification's eight names
 * (app/config/navigation.ts); a unit test checks each has its file here.
 */
export const productSchema = z
  .object({
    slug: slugField,
    name: lineField(40),
    /** Free text: a new industry needs no code change (the filter lists what products name). */
    industry: lineField(40),
    /** The card's one line. */
    summary: lineField(140),
    /** The named client; its testimonial (content/testimonials) carries the same company. */
    client: z.object({ name: lineField(60), about: lineField(120) }).strict(),
    /**
     * The drawing on the product's art (app/features/portfolio/product-art.server.tsx).
     * Leave it out for a generated pattern; no two products may share one.
     */
    art: z.enum(productArtMotifs).register(editorHints, { unique: true }).optional(),
    /** How long the engagement ran, e.g. "7 months". */
    duration: durationField,
    services: z.array(serviceIdField).min(1),
    /** The card's headline figure, e.g. { value: "38%", label: "faster checkout" }. */
    headlineResult: z.object({ value: lineField(12), label: lineField(60) }).strict(),
    challenge: lineField(900),
    solution: lineField(900),
    /** How we worked: three or four steps, each a title and a paragraph. */
    approach: z
      .array(z.object({ title: lineField(60), detail: lineField(400) }).strict())
      .min(2)
      .max(5),
    /** The engagement's phases, in order. */
    timeline: z
      .array(z.object({ when: lineField(30), milestone: lineField(140) }).strict())
      .min(2)
      .max(6),
    /** Who was on the team: a role and how many. */
    team: z
      .array(z.object({ role: lineField(40), count: z.number().int().positive() }).strict())
      .min(1)
      .max(8),
    results: z.array(lineField(200)).min(2).max(5),
    technologies: z.array(lineField(40)).min(2).max(10),
    /**
     * Screens of the product (docs/decisions/093), in the order the case
     * study tells it, each with its alt text and an optional caption.
     */
    screens: z.array(captionedImageField("products")).max(6).optional(),
  })
  .strict();

export type Product = z.output<typeof productSchema>;

/** The spec's eight first, in the footer's order; any other product after them, by name. */
function portfolioOrder(product: Product): number {
  const index = (productNames as readonly string[]).indexOf(product.name);
  return index === -1 ? productNames.length : index;
}

/** Validates the product files; used for content/products and by tests with fixtures. */
export function loadProducts(raw: RawFiles): YamlEntry<Product>[] {
  const loaded = loadCollection({ files: raw, schema: productSchema, nameField: "slug" });
  const named = keepUniqueBy(loaded, (product) => product.name, "name");
  const artless = named.filter((product) => !product.art);
  const entries = [
    ...artless,
    ...keepUniqueBy(
      named.filter((product) => product.art),
      (product) => product.art ?? "",
      "art",
    ),
  ];
  return entries.sort(
    (a, b) => portfolioOrder(a) - portfolioOrder(b) || a.name.localeCompare(b.name),
  );
}

export const products: readonly Product[] = loadProducts(contentFiles("content/products"));

export function findProduct(slug: string): Product | undefined {
  return products.find((product) => product.slug === slug);
}

/** The case study's product; while authoring, a product whose file has a mistake throws its report. */
export function findCaseStudy(slug: string): Product | undefined {
  const product = findProduct(slug);
  if (!product) throwIfRefused(`content/products/${slug}.yaml`);
  return product;
}

/** The industries products name: the footer's five in its order, then any new one. */
export function productIndustries(list: readonly Product[] = products): string[] {
  return [...new Set(list.map((product) => product.industry))];
}

/** "Meridian Pay, a European payment processor ...": the client in one line. */
export function clientLine(product: Pick<Product, "client">): string {
  const { name, about } = product.client;
  return `${name}, ${about.charAt(0).toLowerCase()}${about.slice(1)}`;
}
