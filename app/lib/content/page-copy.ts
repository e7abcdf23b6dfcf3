import { z } from "zod";
import { fillPlaceholders, lineField } from "~/lib/content/fields";

/**
 * Field schemas shared by the page-copy files in content/pages/: the pieces
 * every page has (meta, hero, section headings, the closing call to action).
 */

/** The page's own title (the company name is appended) and its meta description. */
export const metaCopy = z
  .object({
    title: lineField(60),
    // pageMeta's rule: a description search engines show in full.
    description: z.string().trim().min(50).max(160),
  })
  .strict();

export const heroCopy = z
  .object({ eyebrow: lineField(40), title: lineField(80), lead: lineField(280) })
  .strict();

/** The eyebrow, heading and optional lead that open a section. */
export const sectionCopy = z
  .object({ eyebrow: lineField(40), title: lineField(90), lead: lineField(320).optional() })
  .strict();

export const callToActionCopy = z
  .object({ title: lineField(80), lead: lineField(200), action: lineField(30) })
  .strict();

/**
 * A list whose entries carry exactly these values under `key`, in this order:
 * the four engineering stages, the five industries, the four commitments.
 */
export function fixedList<T extends z.ZodObject>(key: string, values: readonly string[], item: T) {
  const rule = `the ${key}s ${values.map((value) => `\`${value}\``).join(", ")}, in this order`;
  return z
    .array(item)
    .superRefine((entries, context) => {
      const actual = entries.map((entry) => String((entry as Record<string, unknown>)[key]));
      if (
        actual.length !== values.length ||
        actual.some((value, index) => value !== values[index])
      ) {
        context.addIssue({
          code: "custom",
          message: `must list the ${key}s ${values.join(", ")} in this order, got ${actual.join(", ")}`,
        });
      }
    })
    .describe(`a list of ${rule}, each with:`);
}

/** Every text of a page's copy with its `{name}` placeholders filled (fillPlaceholders). */
export function fillCopy<T>(copy: T, values: Record<string, string | number>): T {
  if (typeof copy === "string") return fillPlaceholders(copy, values) as T;
  if (Array.isArray(copy)) return copy.map((item: unknown) => fillCopy(item, values)) as T;
  if (copy && typeof copy === "object" && !(copy instanceof Date)) {
    return Object.fromEntries(
      Object.entries(copy).map(([key, value]) => [key, fillCopy(value, values)]),
    ) as T;
  }
  return copy;
}
