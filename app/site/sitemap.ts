import { absoluteUrl } from "~/config/site-url";
import { escapeXml } from "~/lib/xml";

export type SitemapEntry = { path: string; lastModified?: string };

/** A sitemaps.org urlset of absolute URLs on SITE_URL. */
export function buildSitemap(entries: readonly SitemapEntry[]): string {
  const urls = entries
    .map((entry) =>
      [
        "  <url>",
        `    <loc>${escapeXml(absoluteUrl(entry.path))}</loc>`,
        ...(entry.lastModified ? [`    <lastmod>${entry.lastModified}</lastmod>`] : []),
        "  </url>",
      ].join("\n"),
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
