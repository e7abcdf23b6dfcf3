import * as z from "zod/mini";
import type { FieldErrors, PersonField } from "~/lib/forms/fields";

/**
 * The building blocks of the site's form schemas, written with zod/mini (the
 * same package's tree-shakeable API, a few KB in the browser): each field
 * fails with exactly one message, missing, too long or malformed. The
 * contact form (app/features/contact/contact-schema.ts) and the event
 * registration (app/features/events/registration-schema.ts) build their one
 * schema each from them, shared by the browser and the server.
 */

// Zod compiles faster validators with `new Function` when it may; the
// Content-Security-Policy forbids eval (docs/decisions/061), and merely probing
// for it is reported as a violation. The interpreted checks are plenty here.
z.config({ jitless: true });

/** The messages of one field: each check fails with exactly one of them. */
export type FieldMessages = { missing?: string; tooLong?: string; malformed: string };

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

const HAS_LETTER = /\p{L}/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** A company name has at least one letter or digit. */
export const isCompanyName = (value: string) => HAS_LETTER_OR_DIGIT.test(value);
const emailFormat = z.email();

type TextFieldOptions = {
  messages: FieldMessages;
  max: number;
  min?: number;
  multiline?: boolean;
  isWellFormed: (value: string) => boolean;
};

/** What was typed into a text field, normalised; a field left out (or not text) reads as empty. */
export function typedText(normalize: (value: string) => string = normalizeLine) {
  return z.pipe(
    z.optional(z.unknown()),
    z.transform((input: unknown) => normalize(typeof input === "string" ? input : "")),
  );
}

/**
 * A required free-text field that fails with exactly one of its messages:
 * each check aborts the ones after it.
 */
export function requiredText({
  messages,
  max,
  min = 1,
  multiline = false,
  isWellFormed,
}: TextFieldOptions) {
  return z.pipe(
    typedText(multiline ? normalizeMultiline : normalizeLine),
    z
      .string()
      .check(
        z.minLength(1, { error: messages.missing ?? messages.malformed, abort: true }),
        z.maxLength(max, { error: messages.tooLong ?? messages.malformed, abort: true }),
        z.minLength(min, { error: messages.malformed, abort: true }),
        z.refine(isWellFormed, { error: messages.malformed }),
      ),
  );
}

/** An optional one-line field: empty (or left out) is null; otherwise it must fit and be well formed. */
export function optionalText({
  messages,
  max,
  isWellFormed = () => true,
}: Omit<TextFieldOptions, "min" | "multiline" | "isWellFormed"> & {
  isWellFormed?: (value: string) => boolean;
}) {
  return z.pipe(
    z.pipe(
      typedText(normalizeLine),
      z.string().check(
        z.maxLength(max, { error: messages.tooLong ?? messages.malformed, abort: true }),
        z.refine((value) => value === "" || isWellFormed(value), { error: messages.malformed }),
      ),
    ),
    z.transform((value: string): string | null => (value === "" ? null : value)),
  );
}

/** Nothing chosen (or the field left out) is missing; anything else not in the list is malformed. */
const choiceError = (messages: FieldMessages) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ""
    ? (messages.missing ?? messages.malformed)
    : messages.malformed;

/** A choice from a fixed list of values. */
export function choice<const T extends readonly [string, ...string[]]>(
  values: T,
  messages: FieldMessages,
) {
  return z.enum(values, { error: choiceError(messages) });
}

/** An optional choice: nothing chosen is null; anything else must be in the list. */
export function optionalChoice<const T extends readonly string[]>(
  values: T,
  messages: FieldMessages,
) {
  const isChoice = (value: string): value is T[number] => values.includes(value);
  return z.pipe(
    z.pipe(
      typedText(normalizeLine),
      z.string().check(
        z.refine((value) => value === "" || isChoice(value), {
          error: messages.malformed,
        }),
      ),
    ),
    z.transform((value: string): T[number] | null => (isChoice(value) ? value : null)),
  );
}

/** A ticked checkbox whose value is "yes"; read as `true`. */
export function consentField(messages: FieldMessages) {
  return z.pipe(
    z.literal("yes", { error: choiceError(messages) }),
    z.transform((): true => true),
  );
}

/** Name, work e-mail and company: the same rules and messages on every form that asks. */
export const personFieldSchemas = {
  name: requiredText({
    messages: personFieldMessages.name,
    max: personFieldLimits.name,
    isWellFormed: (value) => HAS_LETTER.test(value),
  }),
  email: requiredText({
    messages: personFieldMessages.email,
    max: personFieldLimits.email,
    isWellFormed: (value) => emailFormat.safeParse(value).success,
  }),
  company: requiredText({
    messages: personFieldMessages.company,
    max: personFieldLimits.company,
    isWellFormed: isCompanyName,
  }),
};

/** The first message for each field, in the order the schema reported them. */
export function fieldErrors<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  isField: (name: string) => name is F,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && isField(field) && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}
