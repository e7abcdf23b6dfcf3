import { artPath } from "~/config/paths";
import type { industries } from "~/config/navigation";

/*
 * Decorative art (design brief, "Imagery") is drawn in code on the server
 * (app/site/art/) and served as static SVG files, rendered when the site
 * is built (app/routes/art.ts, app/site/pages.server.ts). Pages show them with
 * <img alt="">, and the icons as sprites drawn with <use>, so none of the
 * drawing code is in the browser's JavaScript (issue 6, docs/decisions/060).
 */

type Industry = (typeof industries)[number];

/** A product card's art, 400x200: the industry's motif, mirrored or not. */
export const productArtSize = { width: 400, height: 200 } as const;

/** "slice" fills the box and crops; "meet" shows the whole motif, the grid running to the edges. */
export type ProductArtFit = "slice" | "meet";

export function industrySlug(industry: Industry): string {
  return industry
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function productArtPath(industry: Industry, mirrored: boolean, fit: ProductArtFit): string {
  return artPath(`product-${industrySlug(industry)}${mirrored ? "-mirrored" : ""}-${fit}.svg`);
}

/** A post's cover, 480 wide: a banner for cards, a taller panel beside the featured post. */
export const coverArtSizes = {
  banner: { width: 480, height: 240 },
  panel: { width: 480, height: 400 },
} as const;

export type CoverArtShape = keyof typeof coverArtSizes;

export function coverArtPath(slug: string, shape: CoverArtShape): string {
  return artPath(`cover-${shape}-${slug}.svg`);
}

/** The home page hero's two pictures. */
export const homeHeroArt = {
  backdrop: { path: artPath("home-hero-backdrop.svg"), width: 1440, height: 720 },
  product: { path: artPath("home-hero-product.svg"), width: 520, height: 480 },
} as const;

/**
 * The lucide icons as SVG sprites, a <symbol> per icon named as lucide names
 * it: the site's own icons (app/components/ui/icon-names.ts), and those content
 * files may name for the service pages' offerings (app/components/ui/content-icon-names.ts).
 * Drawn with Icon and ContentIcon (app/components/ui/icon.tsx).
 */
export const iconSprite = artPath("icons.svg");
export const contentIconSprite = artPath("content-icons.svg");
