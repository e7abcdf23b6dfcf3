import { z } from "zod";
import { industries, productNames } from "~/config/navigation";
import { assertUniqueBy, ContentError, loadCollection } from "~/lib/content/collection";
import { lineField, serviceIdField, slugField } from "~/lib/content/fields";
import { contentFiles } from "~/lib/content/content-files.server";

/**
 * The portfolio's products (content/products/*.yaml). Their names are the
 * footer's Products column (app/config/navigation.ts), so each file must carry
 * one of those names, and all eight must be there.
 */
export const productSchema = z
  .object({
    slug: slugField,
    name: z.enum(productNames),
    industry: z.enum(industries),
    /** The card's one line. */
    summary: lineField(140),
    client: lineField(120),
    services: z.array(serviceIdField).min(1),
    /** The card's headline figure, e.g. { value: "38%", label: "faster checkout" }. */
    headlineResult: z.object({ value: lineField(12), label: lineField(60) }).strict(),
    challenge: lineField(900),
    solution: lineField(900),
    results: z.array(lineField(200)).min(2).max(5),
    technologies: z.array(lineField(40)).min(2).max(10),
  })
  .strict();

export type Product = z.output<typeof productSchema>;

const files = contentFiles("content/products");

function loadProducts(): Product[] {
  const entries = loadCollection({ files, schema: productSchema, nameField: "slug" });
  assertUniqueBy(entries, (product) => product.name, "name");
  const missing = productNames.filter((name) => !entries.some((product) => product.name === name));
  if (missing.length) {
    throw new ContentError(`content/products: no file for ${missing.join(", ")}.`);
  }
  // The footer's order, which is also the brief's.
  return entries.sort((a, b) => productNames.indexOf(a.name) - productNames.indexOf(b.name));
}

export const products: readonly Product[] = loadProducts();

export function findProduct(slug: string): Product | undefined {
  return products.find((product) => product.slug === slug);
}
