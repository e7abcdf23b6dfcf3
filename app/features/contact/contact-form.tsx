import { Icon } from "~/components/ui/icon";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useActionData, useFetcher, useLocation } from "react-router";
import { siteConfig } from "~/config/site";
import {
  budgetOptions,
  contactFields,
  contactFormAnchor,
  contactFormPath,
  formTokenField,
  honeypotField,
  serviceOptions,
  type ContactField,
  type ContactFieldErrors,
  type ContactFormFailure,
  type ServiceOptionId,
} from "~/features/contact/contact-form-fields";
import type { validateContactForm } from "~/features/contact/contact-schema";
import { Button } from "~/components/ui/button";
import { FieldError, FormField } from "~/components/ui/form-field";
import { Checkbox, Input, NativeSelect, Textarea } from "~/components/ui/input";

export type ContactFormCopy = {
  submitLabel: string;
  pendingLabel: string;
  privacy: string;
};

type ContactFormProps = {
  /** The signed time token of this rendering; null when no server issued one. */
  formToken: string | null;
  /** The service picked by `/contact?service=ID`. */
  defaultService?: ServiceOptionId;
  copy: ContactFormCopy;
};

const fieldLabels: Record<ContactField, string> = {
  name: "Your name",
  email: "Work e-mail",
  company: "Company",
  phone: "Phone",
  service: "Service of interest",
  budget: "Budget range",
  message: "About your project",
  consent: "Consent to be contacted",
};

type Validator = typeof validateContactForm;

/**
 * The schema's check, fetched with zod the first time the visitor uses the
 * form rather than with the page (issue 6). `null` until it has arrived;
 * `false` if it could not be fetched, in which case posts go unchecked to the
 * server, which checks them anyway.
 */
let validator: Validator | false | null = null;
let validatorLoad: Promise<void> | undefined;

function loadValidator(): Promise<void> {
  validatorLoad ??= import("~/features/contact/contact-schema").then(
    (module) => {
      validator = module.validateContactForm;
    },
    () => {
      validator = false;
    },
  );
  return validatorLoad;
}

/**
 * The enquiry form. Without JavaScript it is a plain POST to the route's
 * action, which answers with the form and its errors, or redirects to the
 * thank-you state. With JavaScript the same form is checked in the browser
 * with the same schema, then sent by a fetcher without a reload; focus moves
 * to the first field in error, or to the message about the whole form.
 */
export function ContactForm({ formToken, defaultService, copy }: ContactFormProps) {
  const fetcher = useFetcher<ContactFormFailure>();
  // Without JavaScript the post is a document request: its answer is action data.
  const documentFailure = useActionData<ContactFormFailure>();
  const failure = fetcher.data ?? documentFailure;
  const pending = fetcher.state !== "idle";
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);

  // Errors found in the browser, for the server answer they were checked against.
  const [browserCheck, setBrowserCheck] = useState<{
    errors: ContactFieldErrors;
    basis: ContactFormFailure | undefined;
  } | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  const checkedSinceAnswer = browserCheck !== null && browserCheck.basis === failure;
  const errors: ContactFieldErrors = checkedSinceAnswer
    ? browserCheck.errors
    : failure?.kind === "invalid"
      ? failure.errors
      : {};
  const formMessage = failure && failure.kind !== "invalid" && !checkedSinceAnswer ? failure : null;
  const values = failure?.values ?? {};
  const errorFields = contactFields.filter((field) => errors[field]);

  // After every answer or blocked submit: focus the first field in error, or the form's message.
  useEffect(() => {
    const form = formRef.current;
    if (!form || (!failure && focusRequest === 0)) return;
    const target =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.querySelector<HTMLElement>("[data-form-message]");
    target?.focus();
  }, [failure, focusRequest]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) {
      event.preventDefault();
      return;
    }
    if (validator === null) {
      // Sent before the check arrived: hold the post, and send it again once it has.
      event.preventDefault();
      const form = event.currentTarget;
      void loadValidator().then(() => form.requestSubmit());
      return;
    }
    if (validator === false) return; // the server checks it
    const result = validator(new FormData(event.currentTarget));
    if (result.success) {
      setBrowserCheck({ errors: {}, basis: failure });
      return; // the fetcher sends it
    }
    event.preventDefault();
    setBrowserCheck({ errors: result.errors, basis: failure });
    setFocusRequest((count) => count + 1);
  }

  // Once a field shows an error, it clears as soon as the visitor has fixed it.
  function handleChange(event: FormEvent<HTMLFormElement>) {
    if (errorFields.length === 0 || !validator) return;
    const result = validator(new FormData(event.currentTarget));
    const fresh = result.success ? {} : result.errors;
    const stillWrong: ContactFieldErrors = {};
    for (const field of errorFields) if (fresh[field]) stillWrong[field] = fresh[field];
    setBrowserCheck({ errors: stillWrong, basis: failure });
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={`${contactFormPath}${location.search}#${contactFormAnchor}`}
      noValidate
      aria-busy={pending || undefined}
      onSubmit={handleSubmit}
      onChange={handleChange}
      onFocus={() => void loadValidator()}
      className="mt-8"
    >
      <div id="contact-form-summary" aria-live="polite">
        {errorFields.length > 0 && <ErrorSummary fields={errorFields} />}
        {formMessage && <FormMessage failure={formMessage} />}
      </div>

      <div className="grid grid-cols-1 gap-x-6 gap-y-7 sm:grid-cols-2">
        <FormField name="name" label={fieldLabels.name} error={errors.name}>
          {(control) => (
            <Input {...control} autoComplete="name" required defaultValue={values.name} />
          )}
        </FormField>
        <FormField name="email" label={fieldLabels.email} error={errors.email}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              spellCheck={false}
              required
              defaultValue={values.email}
            />
          )}
        </FormField>
        <FormField name="company" label={fieldLabels.company} error={errors.company}>
          {(control) => (
            <Input
              {...control}
              autoComplete="organization"
              required
              defaultValue={values.company}
            />
          )}
        </FormField>
        <FormField name="phone" label={fieldLabels.phone} optional error={errors.phone}>
          {(control) => (
            <Input {...control} type="tel" autoComplete="tel" defaultValue={values.phone} />
          )}
        </FormField>
        <FormField name="service" label={fieldLabels.service} error={errors.service}>
          {(control) => (
            <NativeSelect
              {...control}
              required
              defaultValue={values.service ?? defaultService ?? ""}
            >
              <option value="">Choose a service</option>
              {serviceOptions.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField name="budget" label={fieldLabels.budget} error={errors.budget}>
          {(control) => (
            <NativeSelect {...control} required defaultValue={values.budget ?? ""}>
              <option value="">Choose a range</option>
              {budgetOptions.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          name="message"
          label={fieldLabels.message}
          hint="What you want to build or fix, where you are today, and any dates that matter."
          error={errors.message}
          className="sm:col-span-2"
        >
          {(control) => <Textarea {...control} rows={6} required defaultValue={values.message} />}
        </FormField>

        <ConsentField error={errors.consent} defaultChecked={values.consent === "yes"} />
      </div>

      {/* The trap: hidden from people and assistive technology, filled in by bots. */}
      <div hidden>
        <label>
          Leave this field empty
          <input
            type="text"
            name={honeypotField}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </label>
      </div>
      <input type="hidden" name={formTokenField} value={formToken ?? ""} />

      <div className="mt-9 flex flex-col gap-5 border-t border-slate-200 pt-8 sm:flex-row sm:items-center sm:justify-between sm:gap-8">
        <p className="max-w-md text-sm leading-relaxed text-slate-600">{copy.privacy}</p>
        <Button type="submit" size="lg" aria-disabled={pending || undefined} className="shrink-0">
          {pending ? (
            <>
              <Icon name="loader-circle" className="motion-safe:animate-spin" />
              {copy.pendingLabel}
            </>
          ) : (
            <>
              {copy.submitLabel}
              <Icon name="arrow-right" />
            </>
          )}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {pending ? copy.pendingLabel : ""}
      </p>
    </fetcher.Form>
  );
}

function ConsentField({ error, defaultChecked }: { error?: string; defaultChecked: boolean }) {
  const errorId = error ? "field-consent-error" : undefined;
  return (
    <div className="sm:col-span-2">
      <div className="flex items-start gap-3">
        <Checkbox
          id="field-consent"
          name="consent"
          value="yes"
          required
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <label htmlFor="field-consent" className="text-[15px] leading-relaxed text-slate-700">
          I agree that {siteConfig.name} may contact me about this enquiry by e-mail or phone.
        </label>
      </div>
      {error && (
        <div className="pl-8">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      )}
    </div>
  );
}

/** Lists the fields in error, each linking to its control (useful when the page reloads). */
function ErrorSummary({ fields }: { fields: readonly ContactField[] }) {
  return (
    <div className="mb-8 rounded-xl border border-red-200 bg-red-50 p-5">
      <p className="flex items-center gap-2 font-semibold text-red-800">
        <Icon name="circle-alert" className="size-5 shrink-0" />
        {fields.length === 1
          ? "One field needs your attention"
          : `${fields.length} fields need your attention`}
      </p>
      <ul className="mt-2 space-y-1 pl-7 text-[15px]">
        {fields.map((field) => (
          <li key={field}>
            <a
              href={`#field-${field}`}
              className="text-red-800 underline underline-offset-4 hover:text-red-900"
            >
              {fieldLabels[field]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A message about the whole post: turned away, expired, over the rate limit, or not saved. */
function FormMessage({ failure }: { failure: Exclude<ContactFormFailure, { kind: "invalid" }> }) {
  const email = (
    <a
      href={`mailto:${siteConfig.email}`}
      className="font-semibold whitespace-nowrap underline underline-offset-4"
    >
      {siteConfig.email}
    </a>
  );
  let text;
  switch (failure.kind) {
    case "expired":
      text = (
        <>
          This page was open for a long time, so the form expired. We have renewed it: please send
          your enquiry again.
        </>
      );
      break;
    case "rate-limited": {
      const minutes = Math.max(1, Math.ceil(failure.retryAfterSeconds / 60));
      text = (
        <>
          We have received several enquiries from your network in the last few minutes. Please try
          again in {minutes === 1 ? "a minute" : `${minutes} minutes`}, or write to us at {email}.
        </>
      );
      break;
    }
    case "unavailable":
      text = (
        <>
          We could not save your enquiry just now, so it has not reached us yet. Everything you
          typed is still in the form below: please send it again in a few minutes, or write to us at{" "}
          {email}.
        </>
      );
      break;
    default:
      text = (
        <>
          We could not accept this form. Please send it again in a moment, or write to us at {email}
          .
        </>
      );
  }
  return (
    <p
      data-form-message
      tabIndex={-1}
      className="mb-8 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-5 text-[15px] leading-relaxed text-amber-950 outline-none focus-visible:outline-3"
    >
      <Icon name="circle-alert" className="mt-0.5 size-5 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
