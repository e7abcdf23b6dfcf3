import { findEvent, toEventFacts } from "~/features/events/events.server";
import { cancelTokenField } from "~/features/events/registration-fields";
import type { FormPost } from "../../server/forms/form-post";
import { contactPost, guardedFields, type PostFields } from "./contact-posts";

/** A complete, valid registration for an event without required questions. */
export const validRegistration = {
  name: "Ana Ribeiro",
  email: "ana.ribeiro@northwind.example",
  company: "Northwind Logistics",
  jobTitle: "Head of Payment Operations",
  consent: "yes",
} as const;

/** The registration form's fields plus an empty trap and the given token; `undefined` leaves a field out. */
export function registrationFormFields(
  token: string,
  overrides: PostFields = {},
): Record<string, string> {
  return guardedFields(validRegistration, token, overrides);
}

/** A registration post as the route's action hands it to the registration desk. */
export function registrationPost(
  fields: Record<string, string>,
  clientAddress = "203.0.113.20",
): FormPost {
  return contactPost(fields, clientAddress);
}

/** The cancellation page's post: its one field is the link's token. */
export function cancellationPost(token: string, clientAddress = "203.0.113.20"): FormPost {
  return contactPost({ [cancelTokenField]: token }, clientAddress);
}

/** The settings the registration e-mails are composed with in tests: sender, team, site. */
export const testRegistrationMail = {
  mail: {
    from: "Corvanta Digital website <website@corvanta.example>",
    to: ["events@corvanta.example"],
  },
  siteUrl: "https://www.corvanta.example",
};

/** Two events of the content that take registrations on the site, as their facts. */
export const registrationEvents = {
  roundTable: toEventFacts(findEvent("reconciliation-round-table-london")!),
  workshop: toEventFacts(findEvent("threat-modelling-workshop")!),
};
