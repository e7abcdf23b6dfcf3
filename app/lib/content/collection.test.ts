import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  assertUniqueBy,
  ContentError,
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
      /tests\/fixtures\/content\/broken-post\.md[\s\S]*- date: must be a date written YYYY-MM-DD/,
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
    ).toThrow(/content\/team\/x\.yaml: invalid YAML/);
    expect(() =>
      loadYamlCollection({ "/content/team/y.yaml": "role: CTO" }, z.object({ name: z.string() })),
    ).toThrow(/content\/team\/y\.yaml:\n {2}- name:/);
  });

  it("refuses two entries with the same slug, naming both files", () => {
    const entries = [
      { slug: "same", sourcePath: "content/posts/one.md" },
      { slug: "same", sourcePath: "content/posts/two.md" },
    ];
    expect(() => assertUniqueBy(entries, (entry) => entry.slug, "slug")).toThrow(
      'content/posts/two.md: slug "same" is already used by content/posts/one.md.',
    );
  });
});
