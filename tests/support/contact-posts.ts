import { formTokenField, honeypotField } from "~/lib/forms/fields";
import type { FormPost } from "../../server/forms/form-post";

/** The fields of a valid enquiry that are stored as the lead's columns of the same name. */
export const validLeadFields = {
  name: "Ana Ribeiro",
  email: "ana.ribeiro@northwind.example",
  company: "Northwind Logistics",
  phone: "+351 21 000 0000",
  service: "web-development",
  budget: "50k-100k",
  message: "We need a customer portal for freight tracking, live before the spring peak.",
} as const;

/** A complete, valid enquiry as the form posts it (trap and token aside). */
export const validEnquiry = { ...validLeadFields, consent: "yes" } as const;

export type PostFields = Record<string, string | undefined>;

/** A form's fields plus an empty trap and the given token; `undefined` leaves a field out. */
export function guardedFields(
  fields: PostFields,
  token: string,
  overrides: PostFields = {},
): Record<string, string> {
  const all: PostFields = { ...fields, [honeypotField]: "", [formTokenField]: token, ...overrides };
  return Object.fromEntries(
    Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The contact form's fields plus an empty trap and the given token; `undefined` leaves a field out. */
export function formFields(token: string, overrides: PostFields = {}): Record<string, string> {
  return guardedFields(validEnquiry, token, overrides);
}

/** Form data with these fields; `undefined` leaves a field out. */
export function formDataOf(fields: PostFields): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.set(key, value);
  return data;
}

export function urlEncoded(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** A post as the route's action hands it to the intake. */
export function contactPost(fields: PostFields, clientAddress = "203.0.113.10"): FormPost {
  return { form: formDataOf(fields), clientAddress };
}
