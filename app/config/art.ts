import { artPath } from "~/config/paths";

/*
 * Decorative art (design brief, "Imagery") is drawn in code on the server
 * (app/site/art/) and served as static SVG files, rendered when the site
 * is built (app/routes/art.ts, app/site/pages.server.ts). Pages show them with
 * <img alt="">, and the icons as sprites drawn with <use>, so none of the
 * drawing code is in the browser's JavaScript (issue 6, docs/decisions/060).
 */

/**
 * Every colour the drawn art uses (product screens, post covers), in one
 * place, so a retuned palette (app/app.css) is matched here once. Hex, since
 * an SVG file shown with <img> cannot read the page's CSS variables.
 */
export const artPalette = {
  /** The field behind the screens and covers: the site's ink. */
  ink: "#141512",
  inkRaised: "#282924",
  gridOnInk: "rgb(255 255 255 / 0.06)",
  trackOnInk: "rgb(255 255 255 / 0.14)",
  onInk: "#ffffff",
  onInkMuted: "#d3cec3",
  /** A product's window or phone screen, and its text. */
  surface: "#fbfaf7",
  surfaceMuted: "#f2efe8",
  rule: "#e1dcd1",
  text: "#17150f",
  textMuted: "#5e5a51",
  accent: "#c23d14",
  accentSoft: "#fbe9e1",
  /** The second brand colour: on ink, and as a screen's secondary series. */
  highlight: "#f2c77a",
  highlightDeep: "#8f6424",
  positive: "#1e6b45",
  positiveSoft: "#e3f3ea",
  warning: "#8a5300",
  warningSoft: "#fdf3e0",
} as const;

/**
 * The art's text face: the system's sans-serif. An SVG shown with <img> cannot
 * load the site's web fonts, and embedding one would break the image budget.
 * Names with spaces are CSS identifiers and need no quotes.
 */
export const artFontFamily =
  "system-ui, -apple-system, Segoe UI, Roboto, Helvetica Neue, Arial, sans-serif";

/** Code on a product's screen (a query, say): the system's monospace. */
export const artMonoFamily = "ui-monospace, Menlo, Consolas, monospace";

/**
 * A product's art, 400x200: a fragment of the product's own interface, with
 * words and figures from its case study, on an ink field
 * (app/features/portfolio/product-art.server.tsx).
 */
export const productArtSize = { width: 400, height: 200 } as const;

/**
 * The drawings a product may name as its `art` (content/products): one per
 * product, each showing what that product does. A product without one gets a
 * pattern generated from its slug.
 */
export const productArtMotifs = [
  "reconciliation",
  "wallet",
  "shelf-sensors",
  "storefront",
  "patient-app",
  "genomics",
  "line-monitoring",
  "launch",
] as const;

export type ProductArtMotif = (typeof productArtMotifs)[number];

/** What each drawing shows, for its alt text. */
export const productArtScreens: Record<ProductArtMotif, string> = {
  reconciliation: "the reconciliation queue, payments matched and one break flagged",
  wallet: "the banking app’s card controls, with the card frozen",
  "shelf-sensors": "a store’s shelf monitor, one shelf running low",
  storefront: "the mobile storefront’s two-step checkout",
  "patient-app": "the patient app’s day, with visit reminder and diaries",
  genomics: "the cohort workspace, a consented query running",
  "line-monitoring": "the line monitor, one press flagged for maintenance",
  launch: "the launch plan, 8 weeks from discovery to paying users",
};

/** A product's art's alt text: which screen it is and the result it shows; empty for a generated pattern. */
export function productArtAlt(product: {
  name: string;
  art?: ProductArtMotif | undefined;
  headlineResult: { value: string; label: string };
}): string {
  if (!product.art) return "";
  const { value, label } = product.headlineResult;
  return `${product.name}: ${productArtScreens[product.art]}; ${value} ${label}`;
}

/** "slice" fills the box and crops; "meet" shows the whole motif, the grid running to the edges. */
export type ProductArtFit = "slice" | "meet";

/** A product's own art file: one per product, never shared. */
export function productArtPath(slug: string, fit: ProductArtFit): string {
  return artPath(`product-${slug}-${fit}.svg`);
}

/** A client's wordmark, drawn in code: 200x56, shown on Home under the hero. */
export const clientWordmarkSize = { width: 200, height: 56 } as const;

export function clientWordmarkPath(clientSlug: string): string {
  return artPath(`client-${clientSlug}.svg`);
}

/** A leader's illustrated portrait, 160x160 (content/team). */
export const portraitSize = { width: 160, height: 160 } as const;

export function portraitPath(personSlug: string): string {
  return artPath(`portrait-${personSlug}.svg`);
}

/** A slug for a name: "Brenner Automotive Components" is "brenner-automotive-components". */
export function nameSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
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
} as const;

/**
 * The lucide icons as SVG sprites, a <symbol> per icon named as lucide names
 * it: the site's own icons (app/components/ui/icon-names.ts), and those content
 * files may name for the service pages' offerings (app/components/ui/content-icon-names.ts).
 * Drawn with Icon and ContentIcon (app/components/ui/icon.tsx).
 */
export const iconSprite = artPath("icons.svg");
export const contentIconSprite = artPath("content-icons.svg");
