import { monthNames } from "~/lib/calendar-date";
import { z } from "zod";
import { serviceIds, services } from "~/config/services";
import { durationsWrittenOtherwise } from "~/lib/content/house-style";
import { publishInstant } from "~/lib/content/publication";
// Every content message in an author's words (the error map, set once for zod).
import "~/lib/plain-messages";

/** Reusable field schemas for the content collections. */

/** A URL-safe identifier: lower-case words joined by hyphens. */
export const slugField = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens")
  .describe("lower-case words joined by hyphens, e.g. `running-an-mvp`");

/**
 * What the editor shows of a field beyond its rules (docs/decisions/091),
 * kept beside the schema so the editor reads it from there too:
 * - `optionLabels`: what each allowed value reads as ("Webinar" for webinar);
 * - `references`: the value names an entry of that collection, picked from a
 *   list of them (an author from content/team, a product by its name);
 * - `open`: someone outside that collection may be named too (a guest speaker);
 * - `unique`: no two files may share the value (the loader refuses the later
 *   one), so the editor offers only those no other file uses.
 */
export type EditorHint = {
  optionLabels?: Readonly<Record<string, string>>;
  references?: "team" | "products";
  open?: boolean;
  unique?: boolean;
};
export const editorHints = z.registry<EditorHint>();

/** One of the eleven service ids of the header's dropdown (app/config/services.ts). */
export const serviceIdField = z
  .enum(serviceIds as [string, ...string[]], {
    error: (issue) => `must be a service id (${serviceIds.join(", ")}), got ${String(issue.input)}`,
  })
  .register(editorHints, {
    optionLabels: Object.fromEntries(services.map((service) => [service.id, service.label])),
  });

/**
 * Why a year, month and day written in the right shape are not a day of the
 * calendar ("February 2026 has 28 days"), or undefined when they are one.
 */
export function missingDateReason(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return `${monthNames[month - 1]} ${year} has ${days} days`;
  return undefined;
}

/**
 * A calendar date written YYYY-MM-DD (YAML may hand it over as a Date already).
 * A date of that shape that is not in the calendar (2026-02-30) is told so.
 */
export const isoDateField = z
  .preprocess(
    (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
    z
      .string({ error: "must be a date written YYYY-MM-DD" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD")
      .superRefine((value, context) => {
        const [year, month, day] = value.split("-").map(Number) as [number, number, number];
        const reason = missingDateReason(year, month, day);
        if (reason)
          context.addIssue({ code: "custom", message: `${value} does not exist: ${reason}` });
      }),
  )
  .describe("a date written YYYY-MM-DD");

/** Short copy: a non-empty line of text without trailing spaces. */
export const lineField = (max = 200) => z.string().trim().min(1).max(max);

/** A figure and its unit spelled out: "1 week", "2–3 weeks", "6 months". */
const figureWithUnit = /\b\d+(?:–\d+)? (?:minute|hour|day|week|month|year)s?\b/;

/**
 * How long something takes, in the one format the site uses
 * (docs/design/identity.md, "Durations"): figures and an en-dash range with
 * the unit spelled out ("2–3 weeks", "Every 2 weeks"), or a phrase without a
 * number ("Ongoing"). "2-3 weeks", "2 to 3 weeks", "Two-week sprints" and
 * "3 wks" are refused, saying what to write instead.
 */
export const durationField = lineField(30)
  .superRefine((value, context) => {
    const [mistake] = durationsWrittenOtherwise(value);
    if (mistake) {
      context.addIssue({
        code: "custom",
        message: `write a duration as "2–3 weeks": "${mistake.found}" breaks the rule that ${mistake.rule}`,
      });
    } else if (/\d/.test(value) && !figureWithUnit.test(value)) {
      context.addIssue({
        code: "custom",
        message: `write a duration as "2–3 weeks", its unit spelled out: "${value}"`,
      });
    }
  })
  .describe('a duration such as "1 week", "2–3 weeks" (en dash) or "Ongoing"');

/** Copy with `{name}` placeholders that must be there. */
export const placeholderField = (max: number, ...names: string[]) =>
  lineField(max)
    .refine((text) => names.every((name) => text.includes(`{${name}}`)), {
      error: `must contain ${names.map((name) => `{${name}}`).join(" and ")}`,
    })
    .describe(
      `text of at most ${max} characters containing ${names.map((name) => `\`{${name}}\``).join(" and ")}`,
    );

/** Fills a copy line's `{name}` placeholders; an unknown one is left as written. */
export const fillPlaceholders = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));

/**
 * When an entry goes live on its own (docs/decisions/096): a date and time
 * written YYYY-MM-DDTHH:mm, in London's time unless an offset follows
 * (`Z`, `+01:00`). Until then production builds leave the entry out, as a
 * draft; deploy/publish rebuilds the site once the time has passed.
 */
const publishAtPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})?$/;
export const publishAtField = z
  .preprocess(
    (value) => (value instanceof Date ? value.toISOString().slice(0, 16) + "Z" : value),
    z
      .string({ error: "must be a date and time written YYYY-MM-DDTHH:mm" })
      .regex(
        publishAtPattern,
        "must be a date and time written YYYY-MM-DDTHH:mm, e.g. 2027-03-18T09:30 (London time)",
      )
      .superRefine((value, context) => {
        // The shape is the pattern's to report.
        if (!publishAtPattern.test(value)) return;
        const [year, month, day, hour, minute] = value.split(/[-T:]/).map(Number) as [
          number,
          number,
          number,
          number,
          number,
        ];
        const reason =
          missingDateReason(year, month, day) ??
          (hour > 23
            ? `there is no hour ${hour}`
            : minute > 59
              ? `there is no minute ${minute}`
              : undefined);
        if (reason) {
          context.addIssue({ code: "custom", message: `${value} does not exist: ${reason}` });
          return;
        }
        try {
          publishInstant(value);
        } catch (error) {
          context.addIssue({ code: "custom", message: (error as Error).message });
        }
      }),
  )
  .describe("a date and time written YYYY-MM-DDTHH:mm (London time), e.g. `2027-03-18T09:30`");
