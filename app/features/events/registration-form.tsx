import { useMemo } from "react";
import {
  ConsentField,
  FormFooter,
  FormGuardFields,
  FormNotice,
  FormSummary,
  RefusalNotice,
  SiteEmailLink,
} from "~/components/forms/form-parts";
import { PersonFields } from "~/components/forms/person-fields";
import { lazyValidator, useCheckedForm } from "~/components/forms/use-checked-form";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect } from "~/components/ui/input";
import { eventRegistrationPath } from "~/config/paths";
import {
  questionField,
  registrationFieldLabel,
  registrationFields,
  type RegistrationFailure,
  type RegistrationValues,
} from "~/features/events/registration-fields";
import type { EventQuestion } from "~/features/events/registration-view";
import { cn } from "~/lib/cn";

type RegistrationFormProps = {
  slug: string;
  questions: readonly EventQuestion[];
  /** Every place is taken: the form puts people on the waiting list. */
  waitingList: boolean;
  /** The consent label and the note beside the button, from content/pages/events.yaml. */
  copy: { consent: string; note: string };
};

/**
 * The registration form on an event's page: name, work e-mail, company, an
 * optional job title, the event's own questions, and consent. The contact
 * form's behaviour (useCheckedForm, docs/decisions/052): a plain POST without
 * JavaScript, checked in the browser with the same schema and sent without a
 * reload with it; the answer is a redirect to the page's registration section.
 */
export function RegistrationForm({ slug, questions, waitingList, copy }: RegistrationFormProps) {
  const fields = useMemo(() => registrationFields(questions), [questions]);
  // The event's schema, fetched with zod when the visitor first uses the form.
  const validator = useMemo(
    () =>
      lazyValidator<string>(() =>
        import("~/features/events/registration-schema").then(
          (module) => (formData: FormData) => module.validateRegistration(formData, questions),
        ),
      ),
    [questions],
  );
  const { Form, formProps, pending, errors, errorFields, values, formMessage, formToken, source } =
    useCheckedForm<string, RegistrationFailure>({ fields, validator, tokenForm: "registration" });
  const labelOf = (field: string) => registrationFieldLabel(field, questions);

  return (
    <Form {...formProps} action={eventRegistrationPath(slug)} className="mt-8">
      <FormSummary
        fields={errorFields}
        labelOf={labelOf}
        message={formMessage && <RegistrationNotice failure={formMessage} />}
      />

      <div className="grid grid-cols-1 gap-x-6 gap-y-7 sm:grid-cols-2">
        <PersonFields errors={errors} values={values} />
        <FormField name="jobTitle" label={labelOf("jobTitle")} optional error={errors.jobTitle}>
          {(control) => (
            <Input {...control} autoComplete="organization-title" defaultValue={values.jobTitle} />
          )}
        </FormField>
        {questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            error={errors[questionField(question)]}
            values={values}
          />
        ))}

        <ConsentField
          label={copy.consent}
          error={errors.consent}
          defaultChecked={values.consent === "yes"}
          className="sm:col-span-2"
        />
      </div>

      <FormGuardFields token={formToken} source={source} />
      <FormFooter
        note={copy.note}
        pending={pending}
        label={waitingList ? "Join the waiting list" : "Register"}
        pendingLabel="Registering…"
      />
    </Form>
  );
}

/** One of the event's questions: a list of answers, or one line of text. */
function QuestionField({
  question,
  error,
  values,
}: {
  question: EventQuestion;
  error?: string;
  values: RegistrationValues;
}) {
  const name = questionField(question);
  const value = values[name];
  return (
    <FormField
      name={name}
      label={question.label}
      hint={question.hint}
      optional={!question.required}
      error={error}
      className={cn(!question.options && "sm:col-span-2")}
    >
      {(control) =>
        question.options ? (
          <NativeSelect {...control} required={question.required} defaultValue={value ?? ""}>
            <option value="">Choose an answer</option>
            {question.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input {...control} required={question.required} defaultValue={value} />
        )
      }
    </FormField>
  );
}

/** A message about the whole post: already registered, closed, or one of the abuse rules' refusals. */
function RegistrationNotice({
  failure,
}: {
  failure: Exclude<RegistrationFailure, { kind: "invalid" }>;
}) {
  switch (failure.kind) {
    case "duplicate":
      return (
        <FormNotice>
          This e-mail address is already registered for this event, so nothing has changed. The
          confirmation e-mail we sent has the details, and a link to cancel if your plans change.
          Not received it? Write to us at <SiteEmailLink />.
        </FormNotice>
      );
    case "closed":
      return (
        <FormNotice>
          Registration for this event has closed, so we could not take yours. Write to us at{" "}
          <SiteEmailLink /> and we will tell you about the next one.
        </FormNotice>
      );
    default:
      return (
        <RefusalNotice
          refusal={failure}
          copy={{
            sendAgain: "register again",
            several: "several registrations",
            post: "registration",
          }}
        />
      );
  }
}
