import { services } from "~/config/services";
import { paths } from "~/config/paths";

/*
 * The contact form's fields, options, limits and messages: everything about
 * the form except its zod schema (contact-form.ts), so the page can draw the
 * form without loading zod; the schema follows when the visitor first uses the
 * form (issue 6, docs/decisions/060).
 */

/** The route that shows the form and receives its posts. */
export const contactFormPath = paths.contact;

/** The element the confirmation and the form's error summary scroll to. */
export const contactFormAnchor = "enquiry";

/** The query parameter that marks the thank-you state after a successful post. */
export const contactSentParam = "sent";

/** The trap field: hidden from people, left empty by them, filled in by bots. */
export const honeypotField = "website";

/** The signed time token the server hands out with each rendering of the form. */
export const formTokenField = "formToken";

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

/** Longest accepted value of each free-text field, in characters. */
export const contactFieldLimits = {
  name: 100,
  email: 254,
  company: 120,
  phone: 30,
  message: 5000,
} as const;

/** A message shorter than this is too thin to reply to. */
export const messageMinLength = 20;

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

export type FieldMessages = { missing?: string; tooLong?: string; malformed: string };

export const contactFormMessages = {
  name: {
    missing: "Enter your name.",
    tooLong: `Your name must be ${contactFieldLimits.name} characters or fewer.`,
    malformed: "Enter your name using letters.",
  },
  email: {
    missing: "Enter your work e-mail address.",
    tooLong: `Your e-mail address must be ${contactFieldLimits.email} characters or fewer.`,
    malformed: "Enter an e-mail address in the format name@company.com.",
  },
  company: {
    missing: "Enter the name of your company or organisation.",
    tooLong: `The company name must be ${contactFieldLimits.company} characters or fewer.`,
    malformed: "Enter the company name using letters or numbers.",
  },
  phone: {
    tooLong: `The phone number must be ${contactFieldLimits.phone} characters or fewer.`,
    malformed: "Enter a phone number using digits, spaces and an optional +, or leave it empty.",
  },
  service: {
    missing: "Choose the service you are interested in, or Something else.",
    malformed: "Choose a service from the list.",
  },
  budget: {
    missing: "Choose a budget range, or Not sure yet.",
    malformed: "Choose a budget range from the list.",
  },
  message: {
    missing: "Tell us about your project.",
    tooLong: `Your message must be ${contactFieldLimits.message.toLocaleString("en-GB")} characters or fewer.`,
    malformed: `Tell us a little more: at least ${messageMinLength} characters.`,
  },
  consent: {
    missing: "Tick the box so that we can reply to your enquiry.",
    malformed: "Tick the box, or leave the form, if you do not want us to contact you.",
  },
} as const satisfies Record<ContactField, FieldMessages>;

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

/** The message keeps its paragraphs: line endings become \n, other controls go. */
export function normalizeMultiline(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS, "").trim();
}

/** What the visitor typed, field by field, to fill the form in again. */
export type ContactFormValues = Partial<Record<ContactField, string>>;

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** Reads the form's fields out of posted form data (the trap and token aside). */
export function contactFormValues(formData: FormData): ContactFormValues {
  const values: ContactFormValues = {};
  for (const field of contactFields) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
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
  | { kind: "rejected"; values: ContactFormValues }
  | { kind: "expired"; values: ContactFormValues }
  | { kind: "rate-limited"; retryAfterSeconds: number; values: ContactFormValues }
  /** The enquiry could not be saved (the database and the spool both failed): send it again later. */
  | { kind: "unavailable"; retryAfterSeconds: number; values: ContactFormValues };
