import { z } from "zod";
import { serviceIds } from "~/config/services";

/** Reusable field schemas for the content collections. */

/** A URL-safe identifier: lower-case words joined by hyphens. */
export const slugField = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens");

/** One of the eleven service ids of the header's dropdown (app/config/services.ts). */
export const serviceIdField = z.enum(serviceIds as [string, ...string[]], {
  error: (issue) => `must be a service id (${serviceIds.join(", ")}), got ${String(issue.input)}`,
});

/** A calendar date written YYYY-MM-DD (YAML may hand it over as a Date already). */
export const isoDateField = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z.iso.date({ error: "must be a date written YYYY-MM-DD" }),
);

/** Short copy: a non-empty line of text without trailing spaces. */
export const lineField = (max = 200) => z.string().trim().min(1).max(max);
