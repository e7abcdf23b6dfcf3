import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { prerenderedPaths, readPublicPaths } from "~/site/pages.server";
import { expect, test } from "./fixtures";

/** Words that mean unfinished copy; none may reach a visitor. */
const UNFINISHED = /\b(lorem|ipsum|coming soon|todo|tbd|placeholder text)\b/i;

/** Pages served per request rather than prerendered (and so not in build/client). */
// Every public page not prerendered, plus the not-found page.
const serverRenderedPaths = [
  ...readPublicPaths().filter((path) => !prerenderedPaths.includes(path)),
  "/no-such-page",
];

/**
 * What a visitor can read on a page: its text and the attributes that are
 * shown or announced. Scripts, styles and asset URLs (whose hashes could
 * contain "tbd" by chance) are left out.
 */
function readableText(html: string): string {
  const attributes = [...html.matchAll(/\s(?:content|alt|title|aria-label|placeholder)="([^"]*)"/g)]
    .map((match) => match[1])
    .join("\n");
  const text = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<[^>]+>/g, " ");
  return `${text}\n${attributes}`;
}

function unfinishedWordsIn(html: string): string[] {
  const text = readableText(html);
  return [...text.matchAll(new RegExp(UNFINISHED.source, "gi"))].map((match) => {
    const start = Math.max(0, (match.index ?? 0) - 40);
    return text
      .slice(start, (match.index ?? 0) + 40)
      .replace(/\s+/g, " ")
      .trim();
  });
}

function htmlFilesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test.describe("finished copy", () => {
  test("no built page says lorem ipsum, coming soon, TODO, TBD or placeholder text", () => {
    const files = htmlFilesUnder(path.resolve("build/client"));
    expect(files.length).toBeGreaterThanOrEqual(prerenderedPaths.length);
    const findings = files.flatMap((file) =>
      unfinishedWordsIn(readFileSync(file, "utf8")).map(
        (snippet) => `${path.relative("build/client", file)}: "${snippet}"`,
      ),
    );
    expect(findings).toEqual([]);
  });

  test("no server-rendered page says them either", async ({ request }) => {
    const findings: string[] = [];
    for (const pagePath of serverRenderedPaths) {
      const html = await (await request.get(pagePath)).text();
      findings.push(...unfinishedWordsIn(html).map((snippet) => `${pagePath}: "${snippet}"`));
    }
    expect(findings).toEqual([]);
  });

  test("the scan itself catches an unfinished word in text but not in an asset name", () => {
    expect(unfinishedWordsIn("<p>Pricing: TBD</p>")).toHaveLength(1);
    expect(unfinishedWordsIn('<meta name="description" content="Coming soon"/>')).toHaveLength(1);
    expect(unfinishedWordsIn('<script src="/assets/root-TBD.js"></script><p>Done</p>')).toEqual([]);
  });
});
