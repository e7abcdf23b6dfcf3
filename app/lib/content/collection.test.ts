import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  keepUniqueBy,
  ContentError,
  setAsideContentErrors,
  loadMarkdownCollection,
  loadYamlCollection,
  splitFrontmatter,
} from "~/lib/content/collection";
import { isoDateField, slugField } from "~/lib/content/fields";

const postSchema = z.object({ title: z.string(), slug: slugField, date: isoDateField });
const brokenPostPath = "tests/fixtures/content/broken-post.md";

describe("content collections", () => {
  it("rejects a broken file with its path and the offending field", () => {
    const files = { [`/${brokenPostPath}`]: readFileSync(brokenPostPath, "utf8") };
    expect(() => loadMarkdownCollection(files, postSchema)).toThrow(ContentError);
    expect(() => loadMarkdownCollection(files, postSchema)).toThrow(
      /tests\/fixtures\/content\/broken-post\.md:\n {2}- line 4, date: must be a date written YYYY-MM-DD/,
    );
  });

  it("returns the validated frontmatter, the body and the source path", () => {
    const files = {
      "/content/posts/b.md": "---\ntitle: B\nslug: b\ndate: 2026-03-01\n---\n\nSecond.\n",
      "/content/posts/a.md": "---\ntitle: A\nslug: a\ndate: 2026-02-01\n---\n\nFirst.\n",
    };
    expect(loadMarkdownCollection(files, postSchema)).toEqual([
      {
        title: "A",
        slug: "a",
        date: "2026-02-01",
        body: "First.",
        sourcePath: "content/posts/a.md",
      },
      {
        title: "B",
        slug: "b",
        date: "2026-03-01",
        body: "Second.",
        sourcePath: "content/posts/b.md",
      },
    ]);
  });

  it("names a file without frontmatter, with invalid YAML, or with a missing field", () => {
    expect(() => splitFrontmatter("content/posts/x.md", "# No frontmatter")).toThrow(
      /content\/posts\/x\.md: the file must start with a YAML frontmatter block/,
    );
    expect(() =>
      loadYamlCollection({ "/content/team/x.yaml": "name: [unclosed" }, z.object({})),
    ).toThrow(/content\/team\/x\.yaml:\n {2}- line 1: the YAML cannot be read here: flow sequence/);
    expect(() =>
      loadYamlCollection({ "/content/team/y.yaml": "role: CTO" }, z.object({ name: z.string() })),
    ).toThrow(/content\/team\/y\.yaml:\n {2}- name:/);
  });

  it("refuses two entries with the same slug, naming both files", () => {
    const entries = [
      { slug: "same", sourcePath: "content/posts/one.md" },
      { slug: "same", sourcePath: "content/posts/two.md" },
    ];
    expect(() => keepUniqueBy(entries, (entry) => entry.slug, "slug")).toThrow(
      'content/posts/two.md:\n  - slug: "same" is already used by content/posts/one.md; give each its own.',
    );
  });

  describe("messages an author can act on", () => {
    const post = (frontmatter: string, body = "\nThe body.\n") => ({
      "/content/posts/p.md": `---\n${frontmatter}\n---\n${body}`,
    });
    const load = (files: Record<string, string>) => () => loadMarkdownCollection(files, postSchema);

    it("says a well-written date that is not in the calendar does not exist", () => {
      expect(load(post("title: P\nslug: p\ndate: 2026-13-45"))).toThrow(
        "Invalid content in content/posts/p.md:\n  - line 4, date: 2026-13-45 does not exist: there is no month 13",
      );
      expect(load(post("title: P\nslug: p\ndate: 2026-02-30"))).toThrow(
        "  - line 4, date: 2026-02-30 does not exist: February 2026 has 28 days",
      );
      expect(load(post("title: P\nslug: p\ndate: 2026-04-31"))).toThrow(
        "2026-04-31 does not exist: April 2026 has 30 days",
      );
      expect(load(post("title: P\nslug: p\ndate: 2028-02-29"))()).toHaveLength(1);
      // A date in another shape is still told the shape.
      expect(load(post("title: P\nslug: p\ndate: 30/02/2026"))).toThrow(
        "  - line 4, date: must be a date written YYYY-MM-DD",
      );
    });

    it("gives frontmatter YAML errors the file's line, not the block's", () => {
      // The second title is on line 4 of the file, line 3 of the YAML between the fences.
      expect(load(post("title: P\nslug: p\ntitle: Q\ndate: 2026-01-01"))).toThrow(
        "Invalid content in content/posts/p.md:\n  - line 4: the YAML cannot be read here: map keys must be unique",
      );
      expect(load(post("title: P\nslug: p\n  extra: indented\ndate: 2026-01-01"))).toThrow(
        /^Invalid content in content\/posts\/p\.md:\n {2}- line 3: the YAML cannot be read here: /,
      );
    });

    it("gives a field's line in the file, frontmatter fence included", () => {
      expect(load(post("title: P\n\n# A comment\nslug: Not A Slug\ndate: 2026-01-01"))).toThrow(
        "  - line 5, slug: must be lower-case words joined by hyphens",
      );
    });

    it("says a frontmatter block that is opened but never closed is not closed", () => {
      const files = {
        "/content/posts/p.md": "---\ntitle: P\nslug: p\ndate: 2026-01-01\n\nThe body.\n",
      };
      expect(load(files)).toThrow(
        "content/posts/p.md: the frontmatter block opened by the --- on line 1 is not closed: add a line of three dashes (---) after its last field, before the body.",
      );
    });

    it("names list items as an author counts them, quoting short ones", () => {
      const schema = z.object({
        tags: z.array(z.string().max(5)),
        agenda: z.array(z.object({ time: z.string().regex(/^\d\d:\d\d$/, "must be HH:mm") })),
      });
      const yaml = [
        "tags:",
        "  - short",
        "  - far too long",
        "agenda:",
        '  - time: "09:00"',
        "  - time: nine",
      ].join("\n");
      expect(() => loadYamlCollection({ "/content/x/y.yaml": yaml }, schema)).toThrow(
        [
          "Invalid content in content/x/y.yaml:",
          '  - line 3, tags item 2 ("far too long"): must be at most 5 characters long, got 12: shorten it by 7',
          "  - line 6, agenda item 2, time: must be HH:mm",
        ].join("\n"),
      );
    });

    it("points an unknown key at its own line", () => {
      const schema = z.object({ name: z.string() }).strict();
      expect(() =>
        loadYamlCollection({ "/content/team/a.yaml": "name: Ada\nrloe: CTO\n" }, schema),
      ).toThrow("  - line 2, rloe: is not a field here: check its spelling, or remove it");
    });
  });

  describe("while authoring (a handler set, as npm run dev and check:content do)", () => {
    afterEach(() => setAsideContentErrors(undefined));

    it("leaves a refused file out, hands over its report, and loads the rest", () => {
      const refused: ContentError[] = [];
      setAsideContentErrors((error) => refused.push(error));
      const files = {
        "/content/posts/a.md": "---\ntitle: A\nslug: a\ndate: 2026-02-01\n---\n\nFirst.\n",
        "/content/posts/b.md": "---\ntitle: B\nslug: b\ndate: 2026-02-30\n---\n\nSecond.\n",
        "/content/posts/c.md": "---\ntitle: A\nslug: c\ndate: 2026-03-01\n---\n\nThird.\n",
      };
      const entries = loadMarkdownCollection(files, postSchema);
      const kept = keepUniqueBy(entries, (entry) => entry.title, "title");
      expect(kept.map((entry) => entry.slug)).toEqual(["a"]);
      expect(refused.map((error) => error.report)).toEqual([
        {
          file: "content/posts/b.md",
          problems: [
            {
              line: 4,
              field: "date",
              message: "2026-02-30 does not exist: February 2026 has 28 days",
            },
          ],
        },
        {
          file: "content/posts/c.md",
          problems: [
            {
              line: 2,
              field: "title",
              message: '"A" is already used by content/posts/a.md; give each its own.',
            },
          ],
        },
      ]);
    });
  });
});
