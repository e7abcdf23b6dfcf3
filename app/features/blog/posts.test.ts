import { describe, expect, it } from "vitest";
import { countWords } from "~/features/blog/reading-time";
import { ContentError } from "~/lib/content/collection";
import { parsePosts, relatedTo } from "~/features/blog/post-collection";
import { contentFiles } from "~/lib/content/content-files.server";
import { findPost, listPostSummaries } from "~/features/blog/posts.server";
import { team } from "~/features/company/team.server";

const readAllPosts = () => parsePosts(contentFiles("content/posts"), { includeDrafts: true });
const readPublishedPosts = () =>
  parsePosts(contentFiles("content/posts"), { includeDrafts: false });

const post = (slug: string, frontmatter: string) => ({
  [`/content/posts/${slug}.md`]: `---\n${frontmatter}\n---\n\nThe body.\n`,
});

const validFrontmatter = (slug: string, date: string, extra = "") =>
  [
    `title: Post ${slug}`,
    `slug: ${slug}`,
    `date: ${date}`,
    "author: { name: Maya Okafor, role: CEO & Co-founder }",
    "tags: [Strategy]",
    "excerpt: A summary of the post that is long enough to serve as its meta description.",
    extra,
  ].join("\n");

describe("posts collection", () => {
  // A post's author is written in its frontmatter and again in content/team:
  // this keeps the two in step, so a renamed or departed leader is caught.
  it("credits every post, drafts included, to a leader of content/team with that role", () => {
    const leaders = new Map(team.map((person) => [person.name, person.role]));
    for (const entry of readAllPosts()) {
      expect(leaders.get(entry.author.name), entry.sourcePath).toBe(entry.author.role);
    }
  });

  it("gives every published post at least 600 words of prose", () => {
    const published = readPublishedPosts();
    expect(published.length).toBeGreaterThanOrEqual(6);
    for (const entry of published) {
      expect(countWords(entry.body), entry.sourcePath).toBeGreaterThanOrEqual(600);
    }
  });

  it("loads every file, drafts included outside production, newest first", () => {
    expect(listPostSummaries().map((entry) => entry.slug)).toEqual(
      readAllPosts().map((entry) => entry.slug),
    );
    const dates = listPostSummaries().map((summary) => summary.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("renders each post once, with its sections in the outline", async () => {
    for (const { slug } of listPostSummaries()) {
      const post = (await findPost(slug))!;
      expect(post.html, slug).toContain("<h2 id=");
      expect(post.outline.length, slug).toBeGreaterThan(0);
      expect((await findPost(slug))!.html, slug).toBe(post.html);
    }
    expect(await findPost("no-such-post")).toBeUndefined();
  });

  it("leaves drafts out unless they are asked for", () => {
    const files = {
      ...post("published", validFrontmatter("published", "2026-05-01")),
      ...post("unfinished", validFrontmatter("unfinished", "2026-06-01", "draft: true")),
    };
    expect(parsePosts(files, { includeDrafts: false }).map((entry) => entry.slug)).toEqual([
      "published",
    ]);
    expect(parsePosts(files, { includeDrafts: true }).map((entry) => entry.slug)).toEqual([
      "unfinished",
      "published",
    ]);
  });

  it("rejects a slug that differs from the file name, naming the file", () => {
    const files = post("file-name", validFrontmatter("other-slug", "2026-05-01"));
    expect(() => parsePosts(files, { includeDrafts: true })).toThrow(
      "Invalid content in content/posts/file-name.md:\n  - slug: must equal the file name (file-name), got other-slug",
    );
  });

  it("refuses two posts with the same title, since titles become page titles", () => {
    const files = {
      ...post("first", validFrontmatter("first", "2026-05-01").replace("Post first", "Same")),
      ...post("second", validFrontmatter("second", "2026-05-02").replace("Post second", "Same")),
    };
    expect(() => parsePosts(files, { includeDrafts: true })).toThrow(
      'content/posts/second.md: title "Same" is already used by content/posts/first.md.',
    );
  });

  it("rejects an unknown service id and a short excerpt, naming the file and fields", () => {
    const files = post(
      "bad",
      validFrontmatter("bad", "2026-05-01", "services: [quantum]").replace(
        /excerpt: .*/,
        "excerpt: Too short.",
      ),
    );
    expect(() => parsePosts(files, { includeDrafts: true })).toThrow(ContentError);
    expect(() => parsePosts(files, { includeDrafts: true })).toThrow(
      /content\/posts\/bad\.md:[\s\S]*- excerpt:[\s\S]*- services\.0: must be a service id/,
    );
  });
});

describe("related posts", () => {
  const entry = (slug: string, date: string, tags: string[], services: string[]) => ({
    slug,
    date,
    title: slug,
    tags,
    services,
  });
  const current = entry("current", "2026-06-01", ["Security", "Process"], ["cyber-security"]);
  const candidates = [
    current,
    entry("shares-a-tag", "2026-09-01", ["Process"], ["strategy"]),
    entry("shares-a-service", "2026-03-01", ["Design"], ["cyber-security"]),
    entry("shares-nothing-new", "2026-10-01", ["Retail"], ["iot"]),
    entry("shares-nothing-old", "2026-02-01", ["Retail"], ["iot"]),
  ];

  it("ranks shared services over shared tags, then fills with the newest others", () => {
    expect(relatedTo(current, candidates, 3).map((other) => other.slug)).toEqual([
      "shares-a-service",
      "shares-a-tag",
      "shares-nothing-new",
    ]);
  });
});
