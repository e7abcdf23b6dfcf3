/**
 * The site's icons, rendered from the brand mark at build time
 * (app/routes/site-icon.ts): the SVG favicon, PNG fallbacks, the Apple touch
 * icon and the web app manifest's icons.
 */
export const siteIcons = {
  "favicon.svg": { type: "image/svg+xml", size: 32, rounded: true, inset: 0.06 },
  "favicon-32.png": { type: "image/png", size: 32, rounded: true, inset: 0.06 },
  "apple-touch-icon.png": { type: "image/png", size: 180, rounded: false, inset: 0.14 },
  "icon-192.png": { type: "image/png", size: 192, rounded: false, inset: 0.16 },
  "icon-512.png": { type: "image/png", size: 512, rounded: false, inset: 0.16 },
} as const;

export type SiteIconName = keyof typeof siteIcons;
