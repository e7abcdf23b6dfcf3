import * as z from "zod/mini";
import {
  budgetOptions,
  contactFormValues,
  isContactField,
  serviceOptions,
  type BudgetId,
  type ContactField,
  type ContactFieldErrors,
  type ContactFormValues,
  type ServiceOptionId,
} from "~/features/contact/contact-form-fields";
import {
  choice,
  consentField,
  fieldErrors,
  isCompanyName,
  optionalChoice,
  optionalText,
  personFieldLimits,
  personFieldMessages,
  personFieldSchemas,
  requiredText,
  type FieldMessages,
} from "~/lib/forms/schema";

/**
 * The contact form's one schema, with its limits and messages, shared by the
 * browser (checks before posting) and the server (checks every post, with or
 * without JavaScript). Each field fails with exactly one message: missing, too
 * long or malformed. See docs/decisions/050-lead-pipeline.md. It is built from
 * the site's form blocks in app/lib/forms/schema.ts (zod/mini, 6 KB gzip in the
 * browser rather than 22 KB), and the form fetches it when the visitor first
 * uses it, not with the page (issue 6, docs/decisions/060). The fields and
 * options, which the page needs to draw the form, are in contact-form-fields.ts.
 */

export * from "~/features/contact/contact-form-fields";
export { normalizeLine, normalizeMultiline, type FieldMessages } from "~/lib/forms/schema";

/** Longest accepted value of each free-text field, in characters. */
export const contactFieldLimits = {
  ...personFieldLimits,
  phone: 30,
  message: 5000,
} as const;

/** A message shorter than this is too thin to reply to. */
export const messageMinLength = 20;

export const contactFormMessages = {
  ...personFieldMessages,
  phone: {
    tooLong: `The phone number must be ${contactFieldLimits.phone} characters or fewer.`,
    malformed: "Enter a phone number using digits, spaces and an optional +, or leave it empty.",
  },
  service: {
    missing: "Choose the service you are interested in, or Something else.",
    malformed: "Choose a service from the list.",
  },
  budget: {
    malformed: "Choose a budget range from the list, or leave it empty.",
  },
  message: {
    missing: "Tell us about your project.",
    // Grouped by hand: the first toLocaleString in a page loads the locale
    // data, a 15-50 ms task in Chromium while the contact page hydrates.
    tooLong: `Your message must be ${String(contactFieldLimits.message).replace(/\B(?=(\d{3})+$)/g, ",")} characters or fewer.`,
    malformed: `Tell us a little more: at least ${messageMinLength} characters.`,
  },
  consent: {
    missing: "Tick the box so that we can reply to your enquiry.",
    malformed: "Tick the box, or leave the form, if you do not want us to contact you.",
  },
} as const satisfies Record<ContactField, FieldMessages>;

const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;

const serviceOptionIds = serviceOptions.map((option) => option.id) as [
  ServiceOptionId,
  ...ServiceOptionId[],
];
const budgetIds = budgetOptions.map((option) => option.id) as [BudgetId, ...BudgetId[]];

export const contactFormSchema = z.object({
  ...personFieldSchemas,
  // Company and budget are asked, not required (issue 16): fewer required
  // fields, and a reply can ask what matters. Empty (or left out) is null.
  company: optionalText({
    messages: contactFormMessages.company,
    max: contactFieldLimits.company,
    isWellFormed: isCompanyName,
  }),
  // Optional: empty (or left out) is null.
  phone: optionalText({
    messages: contactFormMessages.phone,
    max: contactFieldLimits.phone,
    isWellFormed: (value) => PHONE_CHARACTERS.test(value) && value.replace(/\D/g, "").length >= 6,
  }),
  service: choice(serviceOptionIds, contactFormMessages.service),
  budget: optionalChoice(budgetIds, contactFormMessages.budget),
  message: requiredText({
    messages: contactFormMessages.message,
    max: contactFieldLimits.message,
    min: messageMinLength,
    multiline: true,
    isWellFormed: () => true,
  }),
  consent: consentField(contactFormMessages.consent),
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
  const errors: ContactFieldErrors = fieldErrors(result.error.issues, isContactField);
  return { success: false, errors, values };
}
