import { siteConfig } from "~/config/site";
import { absoluteUrl } from "~/config/site-url";
import { escapeXml } from "~/lib/xml";

export type FeedItem = {
  title: string;
  path: string;
  /** YYYY-MM-DD */
  date: string;
  summary: string;
  author: string;
  categories: readonly string[];
};

/** RFC 822 date for RSS: a post's date at midnight UTC. */
export function rssDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toUTCString().replace("GMT", "+0000");
}

/** An RSS 2.0 feed of the blog; items newest first as given. */
export function buildRssFeed({
  title,
  description,
  path,
  feedPath,
  items,
}: {
  title: string;
  description: string;
  /** The page the feed belongs to, e.g. "/blog". */
  path: string;
  /** The feed's own path, for atom:link rel="self". */
  feedPath: string;
  items: readonly FeedItem[];
}): string {
  const lastBuild = items[0] ? rssDate(items[0].date) : rssDate("2026-01-01");
  const entries = items.map((item) =>
    [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(absoluteUrl(item.path))}</link>`,
      `      <guid isPermaLink="true">${escapeXml(absoluteUrl(item.path))}</guid>`,
      `      <pubDate>${rssDate(item.date)}</pubDate>`,
      `      <dc:creator>${escapeXml(item.author)}</dc:creator>`,
      ...item.categories.map((category) => `      <category>${escapeXml(category)}</category>`),
      `      <description>${escapeXml(item.summary)}</description>`,
      "    </item>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${escapeXml(absoluteUrl(path))}</link>`,
    `    <description>${escapeXml(description)}</description>`,
    "    <language>en-gb</language>",
    `    <copyright>${escapeXml(`© ${siteConfig.name}`)}</copyright>`,
    `    <lastBuildDate>${lastBuild}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(absoluteUrl(feedPath))}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
