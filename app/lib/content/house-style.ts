/**
 * The house style's two mechanical rules for visible copy
 * (docs/design/identity.md, "Durations" and "Quotes"): durations in figures
 * with an en-dash range, and curly quotes. The content schema's duration field
 * and the copy test (tests/unit/house-style.test.ts) read them from here.
 */

const numberWords =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen|twenty|thirty|sixty|ninety";
const unit = "(?:(?:working|business|calendar) )?(?:minute|hour|day|week|month|year)s?";

/** Each way of writing a duration other than "2 weeks", "2–3 weeks" or "Weeks 1–2", with what is wrong. */
const durationMistakes: { pattern: RegExp; rule: string }[] = [
  {
    pattern: new RegExp(`\\b\\d+(?: ?[-—]| to| and| –) ?\\d+[ -]${unit}\\b`, "gi"),
    rule: "a range is two figures and an en dash without spaces: 2–3 weeks",
  },
  {
    pattern: /\b(?:minute|hour|day|week|month|year)s \d+(?: ?[-—]| to| and| –) ?\d+\b/gi,
    rule: "a span of a timeline is its unit and an en-dash range: Weeks 1–2",
  },
  {
    pattern: new RegExp(
      `\\b(?:${numberWords})(?:[ -](?:to|or)[ -](?:${numberWords}))?[ -]${unit}\\b`,
      "gi",
    ),
    rule: "a duration is written in figures: 2 weeks",
  },
  {
    pattern: new RegExp(`\\b\\d+(?:–\\d+)?-${unit}\\b`, "gi"),
    rule: "a duration is not a hyphenated adjective: sprints of 2 weeks",
  },
  {
    pattern: new RegExp(`\\b(?:week|month)s? (?:${numberWords})\\b`, "gi"),
    rule: "a numbered week or month takes a figure: week 2",
  },
];

/** The durations a text writes another way than the house style, each with the rule it breaks. */
export function durationsWrittenOtherwise(text: string): { found: string; rule: string }[] {
  const flat = text.replace(/\s+/g, " ");
  return durationMistakes.flatMap(({ pattern, rule }) =>
    [...flat.matchAll(pattern)].map((match) => ({ found: match[0], rule })),
  );
}

/** Straight quotes and apostrophes in prose, each with a little of the text around it. */
export function straightQuotes(text: string): string[] {
  const flat = text.replace(/\s+/g, " ");
  return [...flat.matchAll(/["']/g)].map(({ index }) =>
    flat.slice(Math.max(0, index - 20), index + 21),
  );
}

/** A slip from the house style in a content file: the field (as a path into its YAML) and what to write. */
export type StyleSlip = { path: readonly PropertyKey[]; message: string; linesBelow?: number };

/** What a text breaks of the house style, each in an author's words. */
function slipsIn(text: string): string[] {
  return [
    ...straightQuotes(text).map(
      (around) =>
        `has a straight quote or apostrophe in "…${around.trim()}…": the house style writes ’ and “ ”`,
    ),
    ...durationsWrittenOtherwise(text).map(
      ({ found, rule }) => `writes "${found}": the house style's rule is that ${rule}`,
    ),
  ];
}

/**
 * The house style over a YAML file's values (a collection's file, a page's
 * copy, a post's front matter). A value without a space is a slug, a date, an
 * address or an id, not prose, and is left alone. Every loader checks this
 * (app/lib/content/collection.ts), so the editor's save, `npm run
 * check:content`, the dev pages and the build refuse the same slips.
 */
export function houseStyleSlips(value: unknown, path: readonly PropertyKey[] = []): StyleSlip[] {
  if (typeof value === "string") {
    return /\s/.test(value.trim()) ? slipsIn(value).map((message) => ({ path, message })) : [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => houseStyleSlips(item, [...path, index]));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([key, item]) => houseStyleSlips(item, [...path, key]));
  }
  return [];
}

/**
 * A Markdown body's prose, line by line: not code (fenced or inline), link
 * and image targets, autolinks or HTML tags. Image descriptions are prose.
 */
export function markdownProse(body: string): { line: number; text: string }[] {
  let fence: string | undefined;
  return body.split("\n").flatMap((line, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) {
      fence = fence ? undefined : marker;
      return [];
    }
    if (fence || /^(?: {4}|\t)/.test(line)) return [];
    const text = line
      .replace(/(`+)[^`]*?\1/g, " ")
      .replace(/\]\([^)]*\)/g, "] ")
      .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/, " ")
      .replace(/<[^>\s]+:[^>\s]*>/g, " ")
      .replace(/<\/?[a-z][^>]*>/gi, " ");
    return text.trim() ? [{ line: index, text }] : [];
  });
}

/** The house style over a Markdown body; `linesBelow` counts from the body's first line. */
export function bodyStyleSlips(body: string): StyleSlip[] {
  return markdownProse(body).flatMap(({ line, text }) =>
    slipsIn(text).map((message) => ({ path: ["body"], linesBelow: line, message })),
  );
}
