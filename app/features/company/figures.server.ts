import { z } from "zod";
import { productPath } from "~/config/paths";
import { lineField } from "~/lib/content/fields";
import { contentFile } from "~/lib/content/content-files.server";
import { productSlugField } from "~/features/portfolio/product-refs.server";
import { findProduct, type Product } from "~/features/portfolio/products.server";

/**
 * The headline figures (content/figures.yaml), About's, each taken from a
 * case study that the page links to, so a reader can check where it comes
 * from. Home has none of its own: its product cards carry their cases'
 * figures (issue 30: the figures band repeated them).
 */
const figure = z
  .object({
    value: lineField(8),
    label: lineField(40),
    detail: lineField(120),
    /** The case study the figure comes from (content/products). */
    product: productSlugField,
  })
  .strict();

export const figuresSchema = z.object({ about: z.array(figure).min(2).max(4) }).strict();

export type Figures = z.output<typeof figuresSchema>;
export type Figure = Figures["about"][number];

export type FigureStat = {
  id: string;
  value: string;
  label: string;
  detail: string;
  /** The case study's page and its name, "CartCraft for Atelier Norde". */
  source: { href: string; label: string };
};

export const figures: () => Figures = contentFile("content/figures.yaml", figuresSchema);

/** Whether a figure's value is stated by its case: in the headline result or a result line. */
export function figureAppearsIn(entry: Pick<Figure, "value">, product: Product): boolean {
  return (
    product.headlineResult.value === entry.value ||
    product.results.some((result) => result.includes(entry.value))
  );
}

/** A page's figures, each with the link to its case study. */
export function figureStats(page: keyof Figures): FigureStat[] {
  return figures()[page].map((entry) => {
    const product = findProduct(entry.product);
    return {
      id: entry.product,
      value: entry.value,
      label: entry.label,
      detail: entry.detail,
      source: {
        href: productPath(entry.product),
        label: product ? `${product.name} for ${product.client.name}` : entry.product,
      },
    };
  });
}
