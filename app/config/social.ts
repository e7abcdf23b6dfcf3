/** Every page's social card (Open Graph / Twitter image): a 1200x630 PNG. */
export const socialCardSize = { width: 1200, height: 630 } as const;

/**
 * The path of a page's social card: "/" is /social/home.png, "/services/ai-ml"
 * is /social/services-ai-ml.png. The cards are rendered at build time
 * (app/routes/social-card.ts).
 */
export function socialCardPath(pagePath: string): string {
  const key = pagePath.replace(/^\/+|\/+$/g, "").replaceAll("/", "-") || "home";
  return `/social/${key}.png`;
}
