import { eventPath } from "~/config/paths";
import {
  personFieldLimits,
  personFieldMessages,
  readFieldValues,
  type FieldErrors,
  type FieldMessages,
  type FieldValues,
  type FormRefusal,
} from "~/lib/forms/fields";
import type { EventQuestion } from "~/features/events/registration-view";
import { personFieldLabels } from "~/lib/forms/fields";

/*
 * The registration form's fields, limits, messages and answers: everything
 * about it except its zod schema (registration-schema.ts), so the event page
 * can draw the form without loading zod; the schema follows when the visitor
 * first uses the form (docs/decisions/060).
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

/** Longest accepted value of each free-text field, in characters. */
export const registrationFieldLimits = {
  ...personFieldLimits,
  jobTitle: 100,
  /** A free-text answer to one of the event's questions. */
  answer: 200,
} as const;

export const registrationMessages = {
  ...personFieldMessages,
  jobTitle: {
    tooLong: `The job title must be ${registrationFieldLimits.jobTitle} characters or fewer.`,
    malformed: "Enter your job title using letters, or leave it empty.",
  },
  consent: {
    missing: "Tick the box so that we can keep your place and e-mail you about this event.",
    malformed: "Tick the box, or leave the form, if you do not want us to keep your details.",
  },
} as const satisfies Record<string, FieldMessages>;

/** The form field of one of the event's questions: "answer-<id>". */
export function questionField(question: Pick<EventQuestion, "id">): string {
  return `answer-${question.id}`;
}

/** One message per check of a question: a choice, or one line of text. */
export function questionMessages(question: EventQuestion): FieldMessages {
  return question.options
    ? {
        missing: `Choose an answer to “${question.label}”.`,
        malformed: `Choose one of the answers to “${question.label}”.`,
      }
    : {
        missing: `Answer “${question.label}”.`,
        malformed: `Keep the answer to “${question.label}” to ${registrationFieldLimits.answer} characters or fewer.`,
      };
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

/** What cancelling did. `closed`: the event has started, there is nothing left to cancel. */
export type CancellationOutcome =
  { kind: "cancelled" } | { kind: "already-cancelled" } | { kind: "invalid" } | { kind: "closed" };

/** The cancellation form's one field: the signed token from the e-mail's link. */
export const cancelTokenField = "token";
