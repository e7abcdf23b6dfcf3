/**
 * The company mark, drawn in code on a 32x32 grid: an open ring with a dot, in
 * a vermilion-to-sand gradient. Drawn once, by BrandMark (app/site/brand-mark.tsx),
 * for the header and footer logo, the favicon, the app icons and the social cards.
 */
export const brandMark = {
  viewBox: "0 0 32 32",
  ring: "M23.5 9.2A10 10 0 1 0 23.5 22.8",
  ringWidth: 4,
  dot: { cx: 24, cy: 16, r: 3 },
  gradient: { from: "#ff9b70", to: "#f2c77a" },
  dotColour: "#f2c77a",
  /** The night band colour behind the mark on icons (and the header on scroll). */
  background: "#141512",
} as const;
