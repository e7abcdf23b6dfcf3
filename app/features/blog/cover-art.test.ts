import { describe, expect, it } from "vitest";
import { coverArtPath, coverArtSizes, type CoverArtShape } from "~/config/art";
import { ContentError } from "~/lib/content/collection";
import { parsePosts } from "~/features/blog/post-collection";
import { listPostSummaries } from "~/features/blog/posts.server";
import { renderArtFile } from "~/site/art/art-files.server";

const shapes = Object.keys(coverArtSizes) as CoverArtShape[];

/** The words an SVG sets, joined, with its markup's entities read back. */
function textOf(svg: string): string {
  return [...svg.matchAll(/<(?:text|tspan)[^>]*>([^<]*)(?=<)/g)]
    .map((match) => match[1] ?? "")
    .filter(Boolean)
    .join(" ")
    .replaceAll("&amp;", "&");
}

describe("post covers", () => {
  it("set each post's own figure and caption, in the system face, with no raster or font", async () => {
    for (const post of listPostSummaries()) {
      expect(post.cover, post.slug).toBeDefined();
      for (const shape of shapes) {
        const svg = (await renderArtFile(coverArtPath(post.slug, shape))) ?? "";
        const text = textOf(svg);
        expect(text, post.slug).toContain(post.cover?.figure);
        expect(text.replace(/\s+/g, " "), post.slug).toContain(post.cover?.caption);
        expect(svg).toContain('font-family="system-ui');
        expect(svg).not.toMatch(/<image|data:|@font-face/);
      }
    }
  });

  it("are all different: no two posts share a cover or a figure", async () => {
    const posts = listPostSummaries();
    const covers = await Promise.all(
      posts.map((post) => renderArtFile(coverArtPath(post.slug, "banner"))),
    );
    expect(new Set(covers).size).toBe(posts.length);
    expect(new Set(posts.map((post) => post.cover?.figure)).size).toBe(posts.length);
  });

  it("refuse a figure the post never writes", () => {
    const file = (figure: string) => ({
      "/content/posts/figures.md": [
        "---",
        "title: Figures that hold",
        "slug: figures",
        "date: 2026-01-05",
        "author: { name: Maya Okafor, role: CEO & Co-founder }",
        "tags: [Strategy]",
        "excerpt: A summary of the post that is long enough to serve as its meta description.",
        `cover: { figure: "${figure}", caption: "of the work done" }`,
        "draft: true",
        "---",
        "",
        "Delivery time fell by 41% in a year.",
      ].join("\n"),
    });
    const team = [
      { name: "Maya Okafor", role: "CEO & Co-founder", sourcePath: "content/team/maya.yaml" },
    ];
    expect(parsePosts(file("41%"), { includeDrafts: true, team })[0]?.cover?.figure).toBe("41%");
    expect(() => parsePosts(file("57%"), { includeDrafts: true, team })).toThrow(ContentError);
    expect(() => parsePosts(file("57%"), { includeDrafts: true, team })).toThrow(
      /"57%" must appear in the post/,
    );
  });
});
