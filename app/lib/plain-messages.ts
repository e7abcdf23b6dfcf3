import { z } from "zod";

/*
 * Zod's default messages are a developer's ("Invalid input: expected string,
 * received undefined"). This error map words every failure for the people who
 * meet it: authors editing content/ and whoever sets the server's environment.
 * It follows a field's name in a report ("line 4, summary: is missing",
 * "PORT: must be a number, got “abc”"). A schema's own message, where one is
 * written, still wins. Imported for its effect by the content fields
 * (app/lib/content/fields.ts) and the server's environment (server/env.ts);
 * never by browser code, whose forms carry their own messages.
 */

type Issue = z.core.$ZodRawIssue;

/** A value as an author recognises it in their file: “text” quoted, lists and groups named. */
export function shown(value: unknown): string {
  if (typeof value === "string") {
    return `“${value.length > 40 ? `${value.slice(0, 39)}…` : value}”`;
  }
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") return "a group of fields";
  return String(value);
}

const kinds: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list (one “- ” line per item)",
  object: "a group of fields (indented under it)",
  date: "a date",
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function tooSmall(issue: Extract<Issue, { code: "too_small" }>): string {
  const minimum = Number(issue.minimum);
  const input = issue.input as { length?: number } | number;
  if (issue.origin === "string") {
    const length = (input as { length?: number }).length ?? 0;
    return minimum === 1
      ? "must not be empty"
      : `must be at least ${plural(minimum, "character")} long, got ${length}`;
  }
  if (issue.origin === "array" || issue.origin === "set") {
    const length = (input as { length?: number }).length ?? 0;
    return `must list at least ${plural(minimum, "item")}, got ${length}`;
  }
  return `must be ${issue.inclusive ? "at least" : "more than"} ${minimum}, got ${shown(input)}`;
}

function tooBig(issue: Extract<Issue, { code: "too_big" }>): string {
  const maximum = Number(issue.maximum);
  const input = issue.input as { length?: number } | number;
  if (issue.origin === "string") {
    const length = (input as { length?: number }).length ?? 0;
    return `must be at most ${plural(maximum, "character")} long, got ${length}: shorten it by ${length - maximum}`;
  }
  if (issue.origin === "array" || issue.origin === "set") {
    const length = (input as { length?: number }).length ?? 0;
    return `must list at most ${plural(maximum, "item")}, got ${length}`;
  }
  return `must be ${issue.inclusive ? "at most" : "less than"} ${maximum}, got ${shown(input)}`;
}

/** The sentence for one failure, or undefined to keep the schema's own. */
export function plainMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return "is missing";
      const kind = kinds[issue.expected] ?? issue.expected;
      // A coerced value ("abc" as a number) arrives as NaN; the caller can show the original.
      return Number.isNaN(issue.input)
        ? `must be ${kind}`
        : `must be ${kind}, got ${shown(issue.input)}`;
    }
    case "invalid_value":
      return `must be one of ${issue.values.map((value) => String(value)).join(", ")}, got ${shown(issue.input)}`;
    case "too_small":
      return tooSmall(issue);
    case "too_big":
      return tooBig(issue);
    case "invalid_format":
      if (issue.format === "url")
        return `must be a web address (https://…), got ${shown(issue.input)}`;
      if (issue.format === "email") return `must be an e-mail address, got ${shown(issue.input)}`;
      // Not the value: it may be a secret (WEBHOOK_SECRET).
      return "is not written in the form expected here";
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}, got ${shown(issue.input)}`;
    case "unrecognized_keys":
      return issue.keys.length === 1
        ? "is not a field here: check its spelling, or remove it"
        : `has fields that do not belong here: ${issue.keys.join(", ")}`;
    case "invalid_union":
      return `is none of the forms allowed here, got ${shown(issue.input)}`;
    case "invalid_key":
    case "invalid_element":
      return "has an entry that is not allowed";
    default:
      return undefined;
  }
}

z.config({ customError: plainMessage });

/**
 * "PORT: must be a number, got “abc”": a path and its sentence, with the value
 * as written in `source` when a coerced one (NaN) could not be shown.
 */
export function describeIssue(issue: z.core.$ZodIssue, source: Record<string, unknown>): string {
  const written = issue.path.length === 1 ? source[String(issue.path[0])] : undefined;
  const coerced = issue.code === "invalid_type" && !issue.message.includes(", got ");
  return `${issue.path.join(".")}: ${issue.message}${coerced && written !== undefined ? `, got ${shown(written)}` : ""}`;
}
