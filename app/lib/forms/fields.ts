/*
 * What every public form of the site shares, without zod (the pages draw their
 * forms from it; the schemas in schema.ts follow when a visitor first uses a
 * form, docs/decisions/060): the trap and token fields of the abuse rules
 * (docs/decisions/051), the person fields the contact form and the event
 * registration both ask for, text normalisation, and the shapes of an
 * action's answer.
 */

/** The trap field: hidden from people, left empty by them, filled in by bots. */
export const honeypotField = "website";

/** The signed time token the server hands out with each rendering of a form. */
export const formTokenField = "formToken";

/** The messages of one field: each check fails with exactly one of them. */
export type FieldMessages = { missing?: string; tooLong?: string; malformed: string };

export type PersonField = "name" | "email" | "company";

/** The labels every form gives the person fields. */
export const personFieldLabels: Record<PersonField, string> = {
  name: "Your name",
  email: "Work e-mail",
  company: "Company",
};

/** Longest accepted value of the person fields, in characters. */
export const personFieldLimits = { name: 100, email: 254, company: 120 } as const;

export const personFieldMessages = {
  name: {
    missing: "Enter your name.",
    tooLong: `Your name must be ${personFieldLimits.name} characters or fewer.`,
    malformed: "Enter your name using letters.",
  },
  email: {
    missing: "Enter your work e-mail address.",
    tooLong: `Your e-mail address must be ${personFieldLimits.email} characters or fewer.`,
    malformed: "Enter an e-mail address in the format name@company.com.",
  },
  company: {
    missing: "Enter the name of your company or organisation.",
    tooLong: `The company name must be ${personFieldLimits.company} characters or fewer.`,
    malformed: "Enter the company name using letters or numbers.",
  },
} as const satisfies Record<PersonField, FieldMessages>;

// Control characters other than tab and line breaks have no place in a form.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * One-line fields: every run of whitespace, CR and LF included, becomes one
 * space, so no visitor text can carry a line break into a mail header or a log.
 */
export function normalizeLine(value: string): string {
  return value.replace(CONTROL_CHARACTERS, "").replace(/\s+/g, " ").trim();
}

/** A message keeps its paragraphs: line endings become \n, other controls go. */
export function normalizeMultiline(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS, "").trim();
}

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
  { kind: "rejected" } | { kind: "expired" } | { kind: "rate-limited"; retryAfterSeconds: number };

/** The result of checking a post's fields with a form's schema. */
export type FieldCheck<F extends string> =
  { success: true } | { success: false; errors: FieldErrors<F>; values: FieldValues<F> };
