import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";

/** As Keystatic writes YAML (js-yaml): block style throughout, folded at 80 characters. */
const dump = (value: unknown) => stringify(value, { collectionStyle: "block" });
import { writtenAsTheRepositoryDoes } from "./saved-files.server";

/*
 * What the editor saves is written as the repository writes it
 * (docs/decisions/091): Keystatic's js-yaml text merged into the file on
 * disk, then Prettier. These tests fail when a one-field save would rewrite
 * more than that field, or when a content file is not in the form a save
 * leaves it in (then its first save would rewrite it: `npm run format:content`).
 */

function contentFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return contentFiles(file);
    return /\.(yaml|md)$/.test(entry.name) ? [file] : [];
  });
}

/** Lines removed plus lines added (each line counted as often as it occurs). */
const changedLines = (before: string, after: string) => {
  const count = (lines: string[]) => {
    const counts = new Map<string, number>();
    for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
    return counts;
  };
  const a = count(before.split("\n"));
  const b = count(after.split("\n"));
  let changed = 0;
  for (const line of new Set([...a.keys(), ...b.keys()])) {
    changed += Math.abs((a.get(line) ?? 0) - (b.get(line) ?? 0));
  }
  return changed;
};

describe("files the editor saves", () => {
  it("every content file is already written as a save writes it", async () => {
    for (const file of contentFiles("content")) {
      const text = readFileSync(file, "utf8");
      expect(await writtenAsTheRepositoryDoes(file, text, text), file).toBe(text);
    }
  });

  it("a save of one field changes that field's line only, and keeps comments and flow lists", async () => {
    const file = "content/services/web-development.yaml";
    const current = readFileSync(file, "utf8");
    const data = parse(current) as Record<string, unknown>;
    // As Keystatic sends it: the whole file again, in its own style.
    const saved = dump({ ...data, promise: "Web platforms your team can change on a Monday." });
    const written = await writtenAsTheRepositoryDoes(file, saved, current);
    expect(changedLines(current, written)).toBe(2);
    expect(written).toContain("promise: Web platforms your team can change on a Monday.");

    const commented = "# Kept by every save.\ntitle: One\ntags: [a, b]\nlead: Two\n";
    const changed = await writtenAsTheRepositoryDoes(
      "content/pages/x.yaml",
      dump({ title: "One", tags: ["a", "b", "c"], lead: "Two" }),
      commented,
    );
    expect(changed).toBe("# Kept by every save.\ntitle: One\ntags: [a, b, c]\nlead: Two\n");
  });

  it("a post's body Keystatic writes again unchanged keeps the file's own text", async () => {
    const file = "content/posts/running-an-eight-week-mvp.md";
    const current = readFileSync(file, "utf8");
    const [, front = "", body = ""] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(current) ?? [];
    const data = parse(front) as Record<string, unknown>;
    const saved = `---\n${dump({ ...data, draft: true })}---\n${body}`;
    const written = await writtenAsTheRepositoryDoes(file, saved, current);
    expect(changedLines(current, written)).toBe(1);
    expect(written.endsWith(body.replace(/^\n*/, ""))).toBe(true);
  });
});
