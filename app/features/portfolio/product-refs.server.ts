import { z } from "zod";
import { products, type Product } from "~/features/portfolio/products.server";
import { refusedSlugs } from "~/lib/content/content-files.server";
import { serviceRef } from "~/features/services/services.server";
import type { ServiceId } from "~/config/services";

// While authoring, a product whose file has a mistake is still a product: its page shows why.
const productSlugs = [
  ...products.map((product) => product.slug),
  ...refusedSlugs("content/products"),
] as [string, ...string[]];

/** A reference from another collection to a product in content/products. */
export const productSlugField = z
  .enum(productSlugs, {
    error: (issue) =>
      `must be a product slug from content/products (${productSlugs.join(", ")}), got ${String(issue.input)}`,
  })
  .describe("the slug of a product in `content/products/`");

/** What a product card shows, ready for a loader to send to the page. */
export type ProductCardData = Pick<
  Product,
  "slug" | "name" | "industry" | "summary" | "headlineResult"
> & {
  /** The services involved, with their names for running text (not the menus' labels). */
  services: { id: ServiceId; name: string }[];
};

export function productCardData(product: Product): ProductCardData {
  return {
    slug: product.slug,
    name: product.name,
    industry: product.industry,
    summary: product.summary,
    services: product.services.map(serviceRef),
    headlineResult: product.headlineResult,
  };
}
