import { eventPath } from "~/config/paths";
import {
  readFieldValues,
  type FieldErrors,
  type FieldValues,
  type FormRefusal,
} from "~/lib/forms/fields";
import type { EventQuestion } from "~/features/events/registration-view";
import { personFieldLabels } from "~/lib/forms/fields";

/*
 * The registration form's fields and answers: what the event page needs to
 * draw the form, without zod. The schema, with its limits and messages
 * (registration-schema.ts), follows when the visitor first uses the form
 * (docs/decisions/060).
 */

/** The event page's registration section: the form, its answer, or why it is closed. */
export const registrationAnchor = "register";

/** The query parameter that shows the answer after a post or a cancellation. */
export const registrationAnswerParam = "registration";

/** What the event page says after a post (redirect, 303) or a cancellation. */
export const registrationAnswers = ["confirmed", "waiting", "cancelled"] as const;
export type RegistrationAnswer = (typeof registrationAnswers)[number];

/** "/events/<slug>?registration=confirmed#register": the page showing the answer. */
export function registrationAnswerPath(slug: string, answer: RegistrationAnswer): string {
  return `${eventPath(slug)}?${registrationAnswerParam}=${answer}#${registrationAnchor}`;
}

export function readRegistrationAnswer(url: URL): RegistrationAnswer | null {
  const value = url.searchParams.get(registrationAnswerParam);
  return registrationAnswers.find((answer) => answer === value) ?? null;
}

/** The form field of one of the event's questions: "answer-<id>". */
export function questionField(question: Pick<EventQuestion, "id">): string {
  return `answer-${question.id}`;
}

const baseFields = ["name", "email", "company", "jobTitle"] as const;

/** The fields in the order they appear, which is the order errors are reported in. */
export function registrationFields(questions: readonly EventQuestion[]): string[] {
  return [...baseFields, ...questions.map(questionField), "consent"];
}

const baseLabels: Record<(typeof baseFields)[number] | "consent", string> = {
  ...personFieldLabels,
  jobTitle: "Job title",
  consent: "Consent to keep your details",
};

/** A field's label, for the form and its error summary. */
export function registrationFieldLabel(field: string, questions: readonly EventQuestion[]): string {
  if (field in baseLabels) return baseLabels[field as keyof typeof baseLabels];
  return questions.find((question) => questionField(question) === field)?.label ?? field;
}

export type RegistrationValues = FieldValues<string>;
export type RegistrationErrors = FieldErrors<string>;

/** Reads the form's fields out of posted form data (the trap and token aside). */
export function registrationValues(
  formData: FormData,
  questions: readonly EventQuestion[],
): RegistrationValues {
  return readFieldValues(formData, registrationFields(questions));
}

/**
 * What the route's action answers when a registration is not taken: field
 * errors, a refusal of the abuse rules, the address already registered for
 * the event (said without a word about anyone else), or registration closed.
 */
export type RegistrationFailure =
  | { kind: "invalid"; errors: RegistrationErrors; values: RegistrationValues }
  | (FormRefusal & { values: RegistrationValues })
  | { kind: "duplicate" | "closed"; values: RegistrationValues };

export type RegistrationOutcome =
  { kind: "registered"; status: "confirmed" | "waiting" } | RegistrationFailure;

/** What a cancellation link says about its registration, before anything changes. */
export type CancellationCheck =
  | { kind: "valid"; status: "confirmed" | "waiting" }
  | { kind: "already-cancelled" }
  | { kind: "invalid" };

/**
 * What cancelling did. `closed`: the event has started, there is nothing left
 * to cancel; `unavailable`: the database could not take it just now.
 */
export type CancellationOutcome =
  | { kind: "cancelled" }
  | { kind: "already-cancelled" }
  | { kind: "invalid" }
  | { kind: "closed" }
  | { kind: "unavailable" };

/** The cancellation form's one field: the signed token from the e-mail's link. */
export const cancelTokenField = "token";
