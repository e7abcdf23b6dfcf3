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

/**
 * The signed time token a form is sent with. The page fetches one when it
 * starts (formTokenPath); an answer that brings the form back carries a fresh
 * one, which is how it reaches a form without JavaScript (docs/decisions/051).
 */
export const formTokenField = "formToken";

/** A form's answer that brings the form back: with a fresh token for its next post. */
export type WithFormToken = { formToken?: string };

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
 * trap or token (rejected), a form left open too long (expired), a post with
 * no token (confirm: a form without JavaScript asks to be sent once more), or
 * the client's rate limit.
 */
export type FormRefusal =
  | { kind: "rejected" }
  | { kind: "expired" }
  | { kind: "confirm" }
  | { kind: "rate-limited"; retryAfterSeconds: number }
  /** The post could not be saved (the database and the spool both failed): send it again later. */
  | { kind: "unavailable"; retryAfterSeconds: number };

/** The result of checking a post's fields with a form's schema. */
export type FieldCheck<F extends string> =
  { success: true } | { success: false; errors: FieldErrors<F>; values: FieldValues<F> };
