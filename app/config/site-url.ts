/**
 * The site's public origin, for canonical URLs, social cards, the sitemap and
 * feeds. It comes from SITE_URL at build time (vite.config.ts defines
 * __SITE_URL__), because prerendered pages carry it in their HTML; scripts and
 * unit tests that run outside Vite get the default.
 */
export const DEFAULT_SITE_URL = "http://localhost:3000";

export function normaliseSiteUrl(value: string | undefined): string {
  const raw = value?.trim() || DEFAULT_SITE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`SITE_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  return url.origin;
}

export const siteUrl = normaliseSiteUrl(
  typeof __SITE_URL__ === "string" ? __SITE_URL__ : undefined,
);

/**
 * An absolute URL on this site for a path such as "/about". Appended to the origin, not resolved
 * against it: a requested path such as "//evil.example/x" stays a path here (issue 41).
 */
export function absoluteUrl(path: string): string {
  return new URL(`${siteUrl}${path.startsWith("/") ? "" : "/"}${path}`).href;
}
