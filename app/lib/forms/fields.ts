/*
 * What every public form of the site shares, without zod (the pages draw their
 * forms from it; the schemas in schema.ts, with their limits and messages,
 * follow when a visitor first uses a form, docs/decisions/060): the trap and
 * token fields of the abuse rules (docs/decisions/051), the person fields the
 * contact form and the event registration both ask for, and the shapes of an
 * action's answer.
 */

/** The trap field: hidden from people, left empty by them, filled in by bots. */
export const honeypotField = "website";

/** The signed time token the server hands out with each rendering of a form. */
export const formTokenField = "formToken";

export type PersonField = "name" | "email" | "company";

/** The labels every form gives the person fields. */
export const personFieldLabels: Record<PersonField, string> = {
  name: "Your name",
  email: "Work e-mail",
  company: "Company",
};

/** What the visitor typed, field by field, to fill the form in again. */
export type FieldValues<F extends string> = Partial<Record<F, string>>;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Reads a form's text fields, in order, out of posted form data (the trap and token aside). */
export function readFieldValues<F extends string>(
  formData: FormData,
  fields: readonly F[],
): FieldValues<F> {
  const values: FieldValues<F> = {};
  for (const field of fields) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

/**
 * Why the abuse rules turned a post away, before its fields were read:
 * trap or token (rejected), a form left open too long (expired), or the
 * client's rate limit.
 */
export type FormRefusal =
  | { kind: "rejected" }
  | { kind: "expired" }
  | { kind: "rate-limited"; retryAfterSeconds: number }
  /** The post could not be saved (the database and the spool both failed): send it again later. */
  | { kind: "unavailable"; retryAfterSeconds: number };

/** The result of checking a post's fields with a form's schema. */
export type FieldCheck<F extends string> =
  { success: true } | { success: false; errors: FieldErrors<F>; values: FieldValues<F> };
