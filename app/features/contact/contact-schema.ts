import * as z from "zod/mini";
import {
  budgetOptions,
  contactFieldLimits,
  contactFormMessages,
  contactFormValues,
  isContactField,
  messageMinLength,
  serviceOptions,
  type BudgetId,
  type ContactFieldErrors,
  type ContactFormValues,
  type ServiceOptionId,
} from "~/features/contact/contact-form-fields";
import {
  choice,
  consentField,
  fieldErrors,
  optionalText,
  personFieldSchemas,
  requiredText,
} from "~/lib/forms/schema";

/**
 * The contact form's one schema, shared by the browser (checks before posting)
 * and the server (checks every post, with or without JavaScript). Each field
 * fails with exactly one message: missing, too long or malformed. See
 * docs/decisions/050-lead-pipeline.md. It is built from the site's form
 * blocks in app/lib/forms/schema.ts (zod/mini, 6 KB gzip in the browser rather
 * than 22 KB), and the form fetches it when the visitor first uses it, not
 * with the page (issue 6, docs/decisions/060). The fields, options and
 * messages, which the page needs to draw the form, are in contact-form-fields.ts.
 */

export * from "~/features/contact/contact-form-fields";

const PHONE_CHARACTERS = /^\+?[0-9 ()./-]+$/;

const serviceOptionIds = serviceOptions.map((option) => option.id) as [
  ServiceOptionId,
  ...ServiceOptionId[],
];
const budgetIds = budgetOptions.map((option) => option.id) as [BudgetId, ...BudgetId[]];

export const contactFormSchema = z.object({
  ...personFieldSchemas,
  // Optional: empty (or left out) is null.
  phone: optionalText({
    messages: contactFormMessages.phone,
    max: contactFieldLimits.phone,
    isWellFormed: (value) => PHONE_CHARACTERS.test(value) && value.replace(/\D/g, "").length >= 6,
  }),
  service: choice(serviceOptionIds, contactFormMessages.service),
  budget: choice(budgetIds, contactFormMessages.budget),
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
