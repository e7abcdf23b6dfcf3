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
