import { z } from "zod";
import { products, type Product } from "~/features/portfolio/products.server";
import { refusedSlugs } from "~/lib/content/content-files.server";
import type { ServiceId } from "~/config/services";
import { productArtAlt } from "~/config/art";

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
  /** The alt text of the product's art (productArtAlt). */
  artAlt: string;
};

/**
 * A product's card. The services' names come from the services' content
 * (`serviceRef` in services.server.ts), handed in by the route: the services
 * feature reads the products, so the portfolio never imports it back.
 */
export function productCardData(
  product: Product,
  serviceRef: (id: string) => { id: ServiceId; name: string },
): ProductCardData {
  return {
    slug: product.slug,
    name: product.name,
    industry: product.industry,
    summary: product.summary,
    services: product.services.map((id) => serviceRef(id)),
    headlineResult: product.headlineResult,
    artAlt: productArtAlt(product),
  };
}
