import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { absoluteUrl } from "~/config/site-url";
import { buildRssFeed, rssDate } from "~/features/blog/rss";
import { buildSitemap } from "~/site/sitemap";

const parser = new XMLParser({ ignoreAttributes: false });

describe("buildRssFeed", () => {
  const feed = buildRssFeed({
    title: "Blog",
    description: "Writing",
    path: "/blog",
    feedPath: "/blog/rss.xml",
    items: [
      {
        title: "Threat models <for> product teams & friends",
        path: "/blog/threat-models",
        date: "2026-11-02",
        summary: 'Why "secure" isn\'t a feature.',
        author: "Hannah Becker",
        categories: ["Security"],
      },
    ],
  });

  it("is well-formed RSS 2.0 with escaped text", () => {
    const channel = parser.parse(feed).rss.channel;
    expect(parser.parse(feed).rss["@_version"]).toBe("2.0");
    expect(channel.item.title).toBe("Threat models <for> product teams & friends");
    expect(channel.item.link).toBe(absoluteUrl("/blog/threat-models"));
    expect(channel.item.pubDate).toBe("Mon, 02 Nov 2026 00:00:00 +0000");
    expect(channel["atom:link"]["@_href"]).toBe(absoluteUrl("/blog/rss.xml"));
  });

  it("writes RFC 822 dates", () => {
    expect(rssDate("2027-01-05")).toBe("Tue, 05 Jan 2027 00:00:00 +0000");
  });
});

describe("buildSitemap", () => {
  it("lists absolute URLs with lastmod where known", () => {
    const parsed = parser.parse(
      buildSitemap([{ path: "/" }, { path: "/blog/a&b", lastModified: "2026-11-02" }]),
    );
    expect(parsed.urlset.url).toEqual([
      { loc: absoluteUrl("/") },
      { loc: absoluteUrl("/blog/a&b"), lastmod: "2026-11-02" },
    ]);
  });
});
