import * as z from "zod/mini";
import {
  questionField,
  registrationFields,
  registrationValues,
  type RegistrationErrors,
  type RegistrationValues,
} from "~/features/events/registration-fields";
import type { EventQuestion } from "~/features/events/registration-view";
import {
  choice,
  consentField,
  fieldErrors,
  optionalChoice,
  optionalText,
  personFieldLimits,
  personFieldMessages,
  personFieldSchemas,
  requiredText,
  type FieldMessages,
} from "~/lib/forms/schema";

/**
 * The registration form's one schema, with its limits and messages, shared by
 * the browser (checks before posting) and the server (checks every post): the
 * contact form's person
 * fields and rules (app/lib/forms/schema.ts), an optional job title, the
 * event's own questions, and consent. The form fetches it when the visitor
 * first uses it, not with the page (docs/decisions/060).
 */

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

const HAS_LETTER = /\p{L}/u;

function questionSchema(question: EventQuestion) {
  const messages = questionMessages(question);
  if (question.options) {
    const options = question.options as [string, ...string[]];
    return question.required ? choice(options, messages) : optionalChoice(options, messages);
  }
  const text = { messages, max: registrationFieldLimits.answer };
  return question.required
    ? requiredText({ ...text, isWellFormed: () => true })
    : optionalText(text);
}

/** The schema of one event's form: its questions are part of it. */
export function registrationSchema(questions: readonly EventQuestion[]) {
  return z.object({
    ...personFieldSchemas,
    jobTitle: optionalText({
      messages: registrationMessages.jobTitle,
      max: registrationFieldLimits.jobTitle,
      isWellFormed: (value) => HAS_LETTER.test(value),
    }),
    ...Object.fromEntries(
      questions.map((question) => [questionField(question), questionSchema(question)]),
    ),
    consent: consentField(registrationMessages.consent),
  });
}

/** A valid registration, normalised: what the server stores. */
export type RegistrationEntry = {
  name: string;
  email: string;
  company: string;
  jobTitle: string | null;
  /** The event's question ids to the answers given; questions left empty are left out. */
  answers: Record<string, string>;
};

export type RegistrationResult =
  | { success: true; registration: RegistrationEntry }
  | { success: false; errors: RegistrationErrors; values: RegistrationValues };

/** Validates posted form data against one event's form; errors are keyed by field. */
export function validateRegistration(
  formData: FormData,
  questions: readonly EventQuestion[],
): RegistrationResult {
  const values = registrationValues(formData, questions);
  const fields = registrationFields(questions);
  const result = registrationSchema(questions).safeParse(values);
  if (!result.success) {
    const isField = (name: string): name is string => fields.includes(name);
    return { success: false, errors: fieldErrors(result.error.issues, isField), values };
  }
  const data = result.data as Record<string, unknown> & {
    name: string;
    email: string;
    company: string;
    jobTitle: string | null;
  };
  const answers: Record<string, string> = {};
  for (const question of questions) {
    const answer = data[questionField(question)];
    if (typeof answer === "string") answers[question.id] = answer;
  }
  return {
    success: true,
    registration: {
      name: data.name,
      email: data.email,
      company: data.company,
      jobTitle: data.jobTitle,
      answers,
    },
  };
}
