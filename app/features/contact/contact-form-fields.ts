import { services } from "~/config/services";
import { paths } from "~/config/paths";
import {
  readFieldValues,
  type FieldErrors,
  type FieldValues,
  type FormRefusal,
} from "~/lib/forms/fields";

export { formTokenField, honeypotField } from "~/lib/forms/fields";

/*
 * The contact form's fields and options: what the page needs to draw the form,
 * without zod. The schema, with its limits and messages (contact-schema.ts),
 * follows when the visitor first uses the form (issue 6, docs/decisions/060).
 */

/** The route that shows the form and receives its posts. */
export const contactFormPath = paths.contact;

/** The element the confirmation and the form's error summary scroll to. */
export const contactFormAnchor = "enquiry";

/** The query parameter that marks the thank-you state after a successful post. */
export const contactSentParam = "sent";
/** Its one value: `?sent=1` after an accepted post. */
export const contactSentValue = "1";

export const otherServiceOption = { id: "something-else", label: "Something else" } as const;

/** The service of interest: the eleven services, in the header's order, then "Something else". */
export const serviceOptions = [
  ...services.map(({ id, label }) => ({ id, label })),
  otherServiceOption,
] as const;

export type ServiceOptionId = (typeof serviceOptions)[number]["id"];

export const budgetOptions = [
  { id: "under-25k", label: "Under £25,000" },
  { id: "25k-50k", label: "£25,000 to £50,000" },
  { id: "50k-100k", label: "£50,000 to £100,000" },
  { id: "100k-250k", label: "£100,000 to £250,000" },
  { id: "over-250k", label: "More than £250,000" },
  { id: "not-sure", label: "Not sure yet" },
] as const;

export type BudgetId = (typeof budgetOptions)[number]["id"];

export function isServiceOptionId(value: unknown): value is ServiceOptionId {
  return serviceOptions.some((option) => option.id === value);
}

export function isBudgetId(value: unknown): value is BudgetId {
  return budgetOptions.some((option) => option.id === value);
}

export function serviceOptionLabel(id: string): string {
  return serviceOptions.find((option) => option.id === id)?.label ?? id;
}

export function budgetLabel(id: string): string {
  return budgetOptions.find((option) => option.id === id)?.label ?? id;
}

/** The fields in the order they appear, which is the order errors are reported in. */
export const contactFields = [
  "name",
  "email",
  "company",
  "phone",
  "service",
  "budget",
  "message",
  "consent",
] as const;

export type ContactField = (typeof contactFields)[number];

/** What the visitor typed, field by field, to fill the form in again. */
export type ContactFormValues = FieldValues<ContactField>;

export type ContactFieldErrors = FieldErrors<ContactField>;

/** Reads the form's fields out of posted form data (the trap and token aside). */
export function contactFormValues(formData: FormData): ContactFormValues {
  return readFieldValues(formData, contactFields);
}

export function isContactField(value: string): value is ContactField {
  return (contactFields as readonly string[]).includes(value);
}

/** The first field, in form order, that has an error. */
export function firstInvalidField(errors: ContactFieldErrors): ContactField | undefined {
  return contactFields.find((field) => errors[field]);
}

/** What the route's action answers when a post is not accepted. */
export type ContactFormFailure =
  | { kind: "invalid"; errors: ContactFieldErrors; values: ContactFormValues }
  | (FormRefusal & { values: ContactFormValues });
