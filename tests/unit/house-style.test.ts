import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  durationsWrittenOtherwise,
  houseStyleSlips,
  markdownProse,
  straightQuotes,
} from "~/lib/content/house-style";

/*
 * The house style's mechanical rules over every piece of visible copy
 * (docs/design/identity.md, "Durations" and "Quotes"; issue 30, items 6 and
 * 7): the prose of content/ (YAML values, a post's front matter and its
 * Markdown text) and the copy written in app/ (JSX text and the strings it
 * shows). Keys, code, attributes such as class names, URLs and Markdown
 * syntax are not prose and are left out.
 */
type Prose = { where: string; text: string };

function files(directory: string, pattern: RegExp): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : files(full, pattern);
    return pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** JSX attributes a visitor reads or hears; the others (className, href, id…) are code. */
const visibleAttributes = new Set(["alt", "title", "aria-label", "placeholder", "label"]);

/** Calls whose string arguments are class names or code, never copy (by the called name). */
const codeCalls = new Set(["cn", "cva", "clsx", "RegExp", "check", "problem", "setAttribute"]);

/** Markup (an SVG, a feed, a sitemap) or a script written as a string: code, not copy. */
const markupOrCode = /<\/?[a-z?!][\w:-]*|=>|[=!]=|="|\|\||\.\w+\(/i;

/**
 * Files that speak only to authors and developers: the content checks'
 * messages (app/lib/content). The registration e-mails
 * (app/features/events/registration-mail.server.ts) are visitors' copy but
 * another branch owns them this session: their apostrophes are curled there.
 */
const notVisitorCopy = [
  path.join("app", "lib", "content") + path.sep,
  // A Content-Security-Policy, whose sources are quoted with straight quotes by its grammar.
  path.join("app", "features", "editing", "editing-policy.ts"),
];

/**
 * The copy of a source file in app/: JSX text, visible attributes, and string
 * literals with a space in them that are not class names, keys, imports,
 * markup or author-facing schema errors.
 */
function sourceProse(file: string, text = readFileSync(file, "utf8")): Prose[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Prose[] = [];
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const isCode = (node: ts.Node): boolean => {
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (ts.isJsxAttribute(parent)) return !visibleAttributes.has(parent.name.getText(source));
      if (ts.isCallExpression(parent)) {
        const called = parent.expression.getText(source).split(".").at(-1) ?? "";
        if (codeCalls.has(called)) return true;
      }
      // Errors and content problems speak to developers and authors, at build time or in logs.
      if (ts.isNewExpression(parent) && /Error$/.test(parent.expression.getText(source))) {
        return true;
      }
      if (
        ts.isPropertyAssignment(parent) &&
        /^(?:message|error|"?[A-Z][a-z]+(?:-[A-Z][a-z]+)+"?)$/.test(parent.name.getText(source))
      ) {
        return true;
      }
      if (
        ts.isImportDeclaration(parent) ||
        ts.isExportDeclaration(parent) ||
        ts.isTypeNode(parent) ||
        ts.isElementAccessExpression(parent)
      ) {
        return true;
      }
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && node.getText(source).trim()) {
      found.push({ where: where(node), text: node.getText(source) });
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      / /.test(node.text) &&
      !markupOrCode.test(node.text) &&
      !(ts.isPropertyAssignment(node.parent) && node.parent.name === node) &&
      !isCode(node)
    ) {
      found.push({ where: where(node), text: node.text });
    } else if (ts.isTemplateExpression(node) && !isCode(node)) {
      const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(
        " … ",
      );
      if (!markupOrCode.test(text)) found.push({ where: where(node), text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// content/ is held to the same rules by its loaders (houseStyleSlips in
// app/lib/content/house-style.ts, decision 091): check:content and the build refuse a slip.
const allCopy = () => [
  ...files("app", /\.tsx?$/)
    .filter((file) => !notVisitorCopy.some((skipped) => file.startsWith(skipped)))
    .flatMap((file) => sourceProse(file)),
];

describe("house style: quotes", () => {
  it("visible copy uses curly quotes and apostrophes, never straight ones", () => {
    const findings = allCopy().flatMap(({ where, text }) =>
      straightQuotes(text).map((around) => `${where}: …${around}…`),
    );
    expect(findings).toEqual([]);
  });

  it("finds a straight quote in prose, and leaves code and link targets alone", () => {
    expect(straightQuotes("We don't guess")).toHaveLength(1);
    expect(straightQuotes('Not "launch the MVP"')).toHaveLength(2);
    expect(straightQuotes("We don’t guess; not “launch the MVP”")).toEqual([]);
    const text = markdownProse('A [link](https://x.test/"a") and `code "here"`, and "this".').map(
      (prose) => prose.text,
    );
    expect(text.flatMap(straightQuotes)).toHaveLength(2);
    expect(houseStyleSlips({ title: "We don't guess", slug: "don't" })).toEqual([
      { path: ["title"], message: expect.stringContaining("straight quote") as string },
    ]);
  });

  it("reads a component's copy, not its class names, keys, markup or errors", () => {
    const component = [
      'const label = { "aria-label": "ok" };',
      "export function Card() {",
      '  if (!label) throw new Error("can\'t happen");',
      '  const svg = `<path d="M0 0" />`;',
      '  return <p className={cn("a b", "c d")} title="It\'s here">Don\'t wait, read "this".</p>;',
      "}",
    ].join("\n");
    const copy = sourceProse("card.tsx", component).map((prose) => prose.text.trim());
    expect(copy).toEqual(["It's here", 'Don\'t wait, read "this".']);
  });
});

describe("house style: durations", () => {
  it("every duration in visible copy is written 2 weeks, 2–3 weeks or Weeks 1–2", () => {
    const findings = allCopy().flatMap(({ where, text }) =>
      durationsWrittenOtherwise(text).map(({ found, rule }) => `${where}: "${found}": ${rule}`),
    );
    expect(findings).toEqual([]);
  });

  it("refuses every other way of writing one", () => {
    for (const bad of [
      "Weeks 1-2",
      "Weeks 4 to 8",
      "Weeks 2 and 3",
      "Months 3 – 5",
      "1-2 weeks",
      "4 to 8 weeks",
      "2 – 3 weeks",
      "two weeks",
      "four to six\n      months",
      "Two-week sprints",
      "a 45-minute call",
      "in week two",
      "within one business day",
    ]) {
      expect(durationsWrittenOtherwise(bad), bad).not.toEqual([]);
    }
    for (const good of [
      "Weeks 1–2",
      "2–3 weeks",
      "1 week",
      "Sprints of 2 weeks",
      "in week 2",
      "within 1 business day",
      "from day one",
      "9:00 to 18:00",
      "from 3.1 to 4.8",
      "two or three reasons",
    ]) {
      expect(durationsWrittenOtherwise(good), good).toEqual([]);
    }
  });
});
