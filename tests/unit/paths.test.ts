import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * app/config/paths.ts owns every internal URL (docs/decisions/008). This scan
 * fails on a path literal for a page or a resource route anywhere else in
 * app/, so a new link goes through the owner.
 */
const owner = path.join("app", "config", "paths.ts");
const routeTable = path.join("app", "routes.ts");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Comments may name paths ("e.g. /about"); only code counts. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

const firstSegments = [
  "about",
  "portfolio",
  "blog",
  "events",
  "contact",
  "services",
  "sitemap",
  "robots",
  "manifest",
  "icons",
  "social",
  "art",
];
// A quote or backtick, then "/" and a route's first segment; or "/" alone given
// to a link, a path or a comparison with one (the home page).
const pathLiteral = new RegExp(
  `["'\`]/(?:${firstSegments.join("|")})\\b[^"'\`]*["'\`]|(?:to|href|path|url|===)\\s*[=:]?\\s*\\{?["'\`]/["'\`]`,
  "g",
);

describe("the paths owner", () => {
  const files = sourceFiles("app").filter((file) => file !== owner && file !== routeTable);

  it("finds the app's source files", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("is the only module in app/ that writes an internal path", () => {
    const offenders = files.flatMap((file) =>
      [...withoutComments(readFileSync(file, "utf8")).matchAll(pathLiteral)].map(
        (match) => `${file}: ${match[0]}`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("catches a literal when one is written", () => {
    const sample = withoutComments(
      'const a = "/contact"; <Link to="/">; s.split("/"); // "/about" in a comment\n',
    );
    expect([...sample.matchAll(pathLiteral)].map((match) => match[0])).toEqual([
      '"/contact"',
      'to="/"',
    ]);
  });

  it("never recovers an id by splitting an href", () => {
    const offenders = files.filter((file) =>
      /\.split\(\s*["']\/["']\s*\)/.test(readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
