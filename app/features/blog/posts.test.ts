import { describe, expect, it } from "vitest";
import { ContentError } from "~/lib/content/collection";
import { contentFiles } from "~/lib/content/content-files.server";
import {
  minimumPublishedWords,
  newestFirst,
  parsePosts,
  relatedTo,
  summarisePost,
  type PostAuthors,
} from "~/features/blog/post-collection";
import { findPost, listPostSummaries } from "~/features/blog/posts.server";
import { toPostCardView } from "~/features/blog/post-view";
import { team as leaders } from "~/features/company/team.server";
import { waitingEntries } from "~/lib/content/publication";

const readAllPosts = () =>
  parsePosts(contentFiles("content/posts"), { includeDrafts: true, team: leaders });
const readPublishedPosts = () =>
  parsePosts(contentFiles("content/posts"), { includeDrafts: false, team: leaders });

/** A body long enough to be published: prose words, nothing else. */
const longBody = `${"Plain words of prose for a post. ".repeat(Math.ceil(minimumPublishedWords / 6))}\n`;

const post = (slug: string, frontmatter: string, body = longBody) => ({
  [`/content/posts/${slug}.md`]: `---\n${frontmatter}\n---\n\n${body}`,
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

const team: PostAuthors = [
  { name: "Maya Okafor", role: "CEO & Co-founder", sourcePath: "content/team/maya-okafor.yaml" },
  { name: "Daniel Reyes", role: "CTO & Co-founder", sourcePath: "content/team/daniel-reyes.yaml" },
];

describe("posts collection", () => {
  it("publishes at least six posts; the loader has checked their authors and length", () => {
    // readPublishedPosts throws if any post breaks a rule: see the tests below.
    expect(readPublishedPosts().length).toBeGreaterThanOrEqual(6);
    expect(readAllPosts().length).toBeGreaterThanOrEqual(readPublishedPosts().length);
  });

  it("rejects an author who is not a leader of content/team, naming the file, line and field", () => {
    const files = post(
      "unknown-author",
      validFrontmatter("unknown-author", "2026-05-01").replace("Maya Okafor", "Maya Okafur"),
    );
    expect(() => parsePosts(files, { includeDrafts: true, team })).toThrow(ContentError);
    expect(() => parsePosts(files, { includeDrafts: true, team })).toThrow(
      'Invalid content in content/posts/unknown-author.md:\n  - line 5, author.name: must be the name of a leader in content/team (Maya Okafor, Daniel Reyes), got "Maya Okafur"',
    );
  });

  it("rejects an author whose role differs from content/team, drafts included", () => {
    const files = post(
      "wrong-role",
      validFrontmatter("wrong-role", "2026-05-01", "draft: true").replace(
        "role: CEO & Co-founder",
        "role: Chief Executive",
      ),
    );
    expect(() => parsePosts(files, { includeDrafts: true, team })).toThrow(
      '  - line 5, author.role: must be "CEO & Co-founder", Maya Okafor\'s role in content/team/maya-okafor.yaml, got "Chief Executive"',
    );
    // Left out of production, but still checked: the draft is previewed in development.
    expect(() => parsePosts(files, { includeDrafts: false, team })).toThrow(ContentError);
  });

  it(`rejects a published post under ${minimumPublishedWords} words at its body's line; a draft may be shorter`, () => {
    const short = "Only a few words so far.\n";
    const published = post("short", validFrontmatter("short", "2026-05-01"), short);
    expect(() => parsePosts(published, { includeDrafts: false, team })).toThrow(
      `Invalid content in content/posts/short.md:\n  - line 11, body: has 6 words of prose; a published post needs at least ${minimumPublishedWords} (mark it draft: true until then)`,
    );
    const draft = post("short", validFrontmatter("short", "2026-05-01", "draft: true"), short);
    expect(parsePosts(draft, { includeDrafts: true, team }).map((entry) => entry.slug)).toEqual([
      "short",
    ]);
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

  it("gives each post the reading time of its own words, not a figure written in the file", () => {
    const words = (count: number) => `${"word ".repeat(count).trim()}\n`;
    const files = {
      ...post("short-read", validFrontmatter("short-read", "2026-05-01"), words(700)),
      ...post("long-read", validFrontmatter("long-read", "2026-05-02"), words(1400)),
      ...post(
        "with-code",
        validFrontmatter("with-code", "2026-05-03"),
        `${words(700)}\n\`\`\`ts\n${words(2000)}\`\`\`\n`,
      ),
    };
    const minutes = Object.fromEntries(
      parsePosts(files, { includeDrafts: true, team }).map((entry) => [
        entry.slug,
        summarisePost(entry).readingMinutes,
      ]),
    );
    // 230 words a minute, rounded up; code is skimmed, not read.
    expect(minutes).toEqual({ "short-read": 4, "long-read": 7, "with-code": 4 });
    const withFigure = post(
      "says-its-time",
      validFrontmatter("says-its-time", "2026-05-04", "readingTime: 4 min read"),
    );
    expect(() => parsePosts(withFigure, { includeDrafts: true, team })).toThrow(/readingTime/);
  });

  it("leaves drafts out unless they are asked for", () => {
    const files = {
      ...post("published", validFrontmatter("published", "2026-05-01")),
      ...post("unfinished", validFrontmatter("unfinished", "2026-06-01", "draft: true")),
    };
    expect(parsePosts(files, { includeDrafts: false, team }).map((entry) => entry.slug)).toEqual([
      "published",
    ]);
    expect(parsePosts(files, { includeDrafts: true, team }).map((entry) => entry.slug)).toEqual([
      "unfinished",
      "published",
    ]);
  });

  it("leaves a post out until its publishAt (London time unless an offset is written), and notes when it is due", () => {
    const files = {
      ...post("published", validFrontmatter("published", "2026-05-01")),
      // 09:00 in London on 1 July is 08:00 UTC (summer time).
      ...post(
        "scheduled",
        validFrontmatter("scheduled", "2026-07-01", "publishAt: 2026-07-01T09:00"),
      ),
      ...post("at-utc", validFrontmatter("at-utc", "2026-07-02", "publishAt: 2026-07-02T09:00Z")),
    };
    const slugsAsOf = (iso: string) =>
      parsePosts(files, { includeDrafts: false, asOf: new Date(iso), team }).map(
        (entry) => entry.slug,
      );
    expect(slugsAsOf("2026-07-01T07:59:00Z")).toEqual(["published"]);
    expect(waitingEntries.get("content/posts/scheduled.md")).toEqual(
      new Date("2026-07-01T08:00:00Z"),
    );
    expect(waitingEntries.get("content/posts/at-utc.md")).toEqual(new Date("2026-07-02T09:00:00Z"));
    expect(slugsAsOf("2026-07-01T08:00:00Z")).toEqual(["scheduled", "published"]);
    expect(slugsAsOf("2026-07-02T09:00:00Z")).toEqual(["at-utc", "scheduled", "published"]);
    // A preview (includeDrafts) shows it before its time.
    expect(
      parsePosts(files, { includeDrafts: true, asOf: new Date("2026-01-01"), team }).length,
    ).toBe(3);
  });

  it("rejects a publishAt that is not a time, naming the file, line and field", () => {
    const files = post(
      "bad-time",
      validFrontmatter("bad-time", "2026-05-01", "publishAt: 2026-02-30T09:00"),
    );
    expect(() => parsePosts(files, { includeDrafts: true, team })).toThrow(
      "line 8, publishAt: 2026-02-30T09:00 does not exist: February 2026 has 28 days",
    );
  });

  it("rejects a slug that differs from the file name, naming the file", () => {
    const files = post("file-name", validFrontmatter("other-slug", "2026-05-01"));
    expect(() => parsePosts(files, { includeDrafts: true, team })).toThrow(
      "Invalid content in content/posts/file-name.md:\n  - line 3, slug: must equal the file name (file-name), got other-slug",
    );
  });

  it("refuses two posts with the same title, since titles become page titles", () => {
    const files = {
      ...post("first", validFrontmatter("first", "2026-05-01").replace("Post first", "Same")),
      ...post("second", validFrontmatter("second", "2026-05-02").replace("Post second", "Same")),
    };
    expect(() => parsePosts(files, { includeDrafts: true, team })).toThrow(
      'Invalid content in content/posts/second.md:\n  - line 2, title: "Same" is already used by content/posts/first.md; give each its own.',
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
    expect(() => parsePosts(files, { includeDrafts: true, team })).toThrow(ContentError);
    expect(() => parsePosts(files, { includeDrafts: true, team })).toThrow(
      /content\/posts\/bad\.md:\n {2}- line 7, excerpt:[\s\S]*\n {2}- line 8, services item 1 \("quantum"\): must be a service id/,
    );
  });
  it("rejects a level-1 heading in the body, with its line, but not a # in a code block", () => {
    const body = `\`\`\`sh\n# a comment\n\`\`\`\n\nIntro.\n\n# A second title\n\n${longBody}`;
    const files = post("titled", validFrontmatter("titled", "2026-05-01"), body);
    expect(() => parsePosts(files, { includeDrafts: true, team })).toThrow(
      'Invalid content in content/posts/titled.md:\n  - line 17, body: "# A second title" is a level-1 heading; the title is the page\'s only one, so start the article\'s sections at "##"',
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

  it("picks what sorting every candidate would, ties in the candidates' order", () => {
    const tags = ["Security", "Process", "Design", "Retail"];
    const services = ["cyber-security", "strategy", "iot"];
    const many = Array.from({ length: 60 }, (_, index) =>
      entry(
        `post-${index}`,
        `2026-0${1 + (index % 3)}-01`,
        tags.filter((_, tag) => (index >> tag) % 2 === 1),
        services.filter((_, service) => (index >> (service + 2)) % 3 === 1),
      ),
    );
    const score = (other: (typeof many)[number]) =>
      2 * other.services.filter((id) => current.services.includes(id)).length +
      other.tags.filter((tag) => current.tags.includes(tag)).length;
    const sorted = [...many]
      .sort((a, b) => score(b) - score(a) || newestFirst(a, b))
      .map((other) => other.slug);
    for (const count of [0, 1, 3, 7, 60, 80]) {
      expect(relatedTo(current, many, count).map((other) => other.slug)).toEqual(
        sorted.slice(0, count),
      );
    }
  });
});

describe("a post's card view", () => {
  it("keeps what the card shows and leaves out the author and the services", () => {
    const [summary] = listPostSummaries();
    const card = toPostCardView(summary!);
    expect(card).not.toHaveProperty("author");
    expect(card).not.toHaveProperty("services");
    for (const [field, value] of Object.entries(card)) expect(summary).toHaveProperty(field, value);
    expect(Object.keys(card).length).toBe(Object.keys(summary!).length - 2);
  });
});
