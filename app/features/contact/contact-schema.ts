import * as z from "zod/mini";
import {
  budgetOptions,
  contactFieldLimits,
  contactFormMessages,
  contactFormValues,
  isContactField,
  messageMinLength,
  normalizeLine,
  normalizeMultiline,
  serviceOptions,
  type BudgetId,
  type ContactFieldErrors,
  type ContactFormValues,
  type FieldMessages,
  type ServiceOptionId,
} from "~/features/contact/contact-form-fields";

/**
 * The contact form's one schema, shared by the browser (checks before posting)
 * and the server (checks every post, with or without JavaScript). Each field
 * fails with exactly one message: missing, too long or malformed. See
 * docs/decisions/050-lead-pipeline.md. It is written with zod/mini, the same
 * package's tree-shakeable API (6 KB gzip in the browser rather than 22 KB),
 * and the form fetches it when the visitor first uses it, not with the page
 * (issue 6, docs/decisions/060). The fields, options and messages, which the
 * page needs to draw the form, are in contact-form-fields.ts.
 */

// Zod compiles faster validators with `new Function` when it may; the
// Content-Security-Policy forbids eval (docs/decisions/061), and merely probing
// for it is reported as a violation. The interpreted checks are plenty here.
z.config({ jitless: true });

export * from "~/features/contact/contact-form-fields";

const HAS_LETTER = /\p{L}/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;
const emailFormat = z.email();

type TextFieldOptions = {
  messages: FieldMessages;
  max: number;
  min?: number;
  multiline?: boolean;
  isWellFormed: (value: string) => boolean;
};

/** What was typed into a text field, normalised; a field left out (or not text) reads as empty. */
function typedText(normalize: (value: string) => string) {
  return z.pipe(
    z.optional(z.unknown()),
    z.transform((input: unknown) => normalize(typeof input === "string" ? input : "")),
  );
}

/**
 * A required free-text field that fails with exactly one of its messages:
 * each check aborts the ones after it.
 */
function requiredText({
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

/** Nothing chosen (or the field left out) is missing; anything else not in the list is malformed. */
const choiceError = (messages: FieldMessages) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ""
    ? (messages.missing ?? messages.malformed)
    : messages.malformed;

/** A choice from a fixed list of ids. */
function choice<const T extends readonly [string, ...string[]]>(ids: T, messages: FieldMessages) {
  return z.enum(ids, { error: choiceError(messages) });
}

const serviceOptionIds = serviceOptions.map((option) => option.id) as [
  ServiceOptionId,
  ...ServiceOptionId[],
];
const budgetIds = budgetOptions.map((option) => option.id) as [BudgetId, ...BudgetId[]];

export const contactFormSchema = z.object({
  name: requiredText({
    messages: contactFormMessages.name,
    max: contactFieldLimits.name,
    isWellFormed: (value) => HAS_LETTER.test(value),
  }),
  email: requiredText({
    messages: contactFormMessages.email,
    max: contactFieldLimits.email,
    isWellFormed: (value) => emailFormat.safeParse(value).success,
  }),
  company: requiredText({
    messages: contactFormMessages.company,
    max: contactFieldLimits.company,
    isWellFormed: (value) => HAS_LETTER_OR_DIGIT.test(value),
  }),
  // Optional: empty (or left out) is null.
  phone: z.pipe(
    z.pipe(
      typedText(normalizeLine),
      z.string().check(
        z.maxLength(contactFieldLimits.phone, {
          error: contactFormMessages.phone.tooLong,
          abort: true,
        }),
        z.refine(
          (value) =>
            value === "" || (PHONE_CHARACTERS.test(value) && value.replace(/\D/g, "").length >= 6),
          { error: contactFormMessages.phone.malformed },
        ),
      ),
    ),
    z.transform((value: string): string | null => (value === "" ? null : value)),
  ),
  service: choice(serviceOptionIds, contactFormMessages.service),
  budget: choice(budgetIds, contactFormMessages.budget),
  message: requiredText({
    messages: contactFormMessages.message,
    max: contactFieldLimits.message,
    min: messageMinLength,
    multiline: true,
    isWellFormed: () => true,
  }),
  consent: z.pipe(
    z.literal("yes", { error: choiceError(contactFormMessages.consent) }),
    z.transform((): true => true),
  ),
});

/** A valid enquiry, normalised: what the server stores as a lead. */
export type ContactEnquiry = z.output<typeof contactFormSchema>;

export type ContactFormResult =
  | { success: true; enquiry: ContactEnquiry }
  | { success: false; errors: ContactFieldErrors; values: ContactFormValues };

/** Validates posted form data with the one schema; errors are keyed by field. */
export function validateContactForm(formData: FormData): ContactFormResult {
  const values = contactFormValues(formData);
  const result = contactFormSchema.safeParse(values);
  if (result.success) return { success: true, enquiry: result.data };
  const errors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && isContactField(field) && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { success: false, errors, values };
}
