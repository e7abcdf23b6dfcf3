import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Where the decision records live, and their index (`npm run docs:decisions` writes it). */
export const decisionsFolder = "docs/decisions";
export const decisionIndexFile = path.join(decisionsFolder, "README.md");

type Decision = { file: string; number: string; title: string; status: string };

/** Each record's number, title and "Status:" line, in order; the template is left out. */
export function readDecisions(folder = decisionsFolder): Decision[] {
  return readdirSync(folder)
    .filter((file) => /^\d{3}-.+\.md$/.test(file) && !file.startsWith("000-"))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(folder, file), "utf8");
      const heading = /^# (\d{3})[.:] (.+)$/m.exec(text);
      const status = /^- Status: (.*)$/m.exec(text)?.[1]?.trim();
      return {
        file,
        number: heading?.[1] ?? file.slice(0, 3),
        title: heading?.[2] ?? file,
        status: status || "not stated",
      };
    });
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** Whether a record still holds as written, from its status line. */
export function standing(status: string): "current" | "amended" | "superseded in part" {
  const rest = status.replace(/\(supersedes[^)]*\)/i, "");
  if (/superseded/i.test(rest)) return "superseded in part";
  if (/amended|rewritten|partial/i.test(rest)) return "amended";
  return "current";
}

/** The index: one row per record, whether it still holds, and its status as the record states it. */
export function decisionIndex(decisions = readDecisions()): string {
  const rows = decisions.map(({ file, number, title, status }) => {
    return `| [${number}](${file}) | ${cell(title)} | ${standing(status)} | ${cell(status)} |`;
  });
  return [
    "# Decision records",
    "",
    "Why the site is built the way it is, one record per decision. Start a new",
    "one from [000-template.md](000-template.md) with the next free number, then",
    "run `npm run docs:decisions` to rewrite this index (a unit test fails when it",
    'is out of date). "Holds" says whether a record still stands as written:',
    "for one amended or superseded in part, its status line names what changed it.",
    "",
    "| No. | Decision | Holds | Status, as the record gives it |",
    "| --- | -------- | ----- | ------------------------------ |",
    ...rows,
    "",
  ].join("\n");
}
