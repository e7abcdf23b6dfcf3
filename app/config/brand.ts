/**
 * The company mark, drawn in code on a 32x32 grid: an open ring with a dot, in
 * an indigo-to-cyan gradient. The header and footer logo, the favicon, the app
 * icons and the social cards all draw it from here.
 */
export const brandMark = {
  viewBox: "0 0 32 32",
  ring: "M23.5 9.2A10 10 0 1 0 23.5 22.8",
  ringWidth: 4,
  dot: { cx: 24, cy: 16, r: 3 },
  gradient: { from: "#818cf8", to: "#22d3ee" },
  dotColour: "#22d3ee",
  /** The ink navy behind the mark on icons (and the header on scroll). */
  background: "#0a1020",
} as const;

/**
 * The mark as a standalone SVG document on an ink square, for the favicon and
 * the PNG app icons. `inset` shrinks the mark towards the centre (maskable
 * icons keep their content inside the middle 80%); `rounded` rounds the square.
 */
export function brandIconSvg({
  size,
  inset = 0.1,
  rounded = false,
}: {
  size: number;
  inset?: number;
  rounded?: boolean;
}): string {
  const scale = 1 - inset * 2;
  const offset = 16 * (1 - scale);
  const { ring, ringWidth, dot, gradient, dotColour, background } = brandMark;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${gradient.from}"/><stop offset="1" stop-color="${gradient.to}"/></linearGradient></defs>`,
    `<rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${background}"/>`,
    `<g transform="translate(${offset} ${offset}) scale(${scale})">`,
    `<path d="${ring}" fill="none" stroke="url(#g)" stroke-width="${ringWidth}" stroke-linecap="round"/>`,
    `<circle cx="${dot.cx}" cy="${dot.cy}" r="${dot.r}" fill="${dotColour}"/>`,
    `</g></svg>`,
  ].join("");
}
