import { useLocation } from "react-router";
import {
  ConsentField,
  FormFooter,
  FormGuardFields,
  FormSummary,
  RefusalNotice,
} from "~/components/forms/form-parts";
import { PersonFields } from "~/components/forms/person-fields";
import { lazyValidator, useCheckedForm } from "~/components/forms/use-checked-form";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { siteConfig } from "~/config/site";
import { personFieldLabels } from "~/lib/forms/fields";
import {
  budgetOptions,
  contactFields,
  contactFormAnchor,
  contactFormPath,
  serviceOptions,
  type ContactField,
  type ContactFormFailure,
  type ServiceOptionId,
} from "~/features/contact/contact-form-fields";

export type ContactFormCopy = {
  submitLabel: string;
  pendingLabel: string;
  privacy: string;
  /** Each service's display name by id; the option's label when missing. */
  serviceNames: Readonly<Record<string, string>>;
};

type ContactFormProps = {
  /** The service picked by `/contact?service=ID`. */
  defaultService?: ServiceOptionId;
  copy: ContactFormCopy;
};

const fieldLabels: Record<ContactField, string> = {
  ...personFieldLabels,
  phone: "Phone",
  service: "Service of interest",
  budget: "Budget range",
  message: "About your project",
  consent: "Consent to be contacted",
};

/**
 * The schema's check, fetched with zod the first time the visitor uses the
 * form rather than with the page (issue 6).
 */
const contactValidator = lazyValidator<ContactField>(() =>
  import("~/features/contact/contact-schema").then((module) => module.validateContactForm),
);

/**
 * The enquiry form. Without JavaScript it is a plain POST to the route's
 * action, which answers with the form and its errors, or redirects to the
 * thank-you state. With JavaScript the same form is checked in the browser
 * with the same schema, then sent by a fetcher without a reload; focus moves
 * to the first field in error, or to the message about the whole form
 * (useCheckedForm, docs/decisions/052).
 */
export function ContactForm({ defaultService, copy }: ContactFormProps) {
  const location = useLocation();
  const { Form, formProps, pending, errors, errorFields, values, formMessage, formToken, source } =
    useCheckedForm<ContactField, ContactFormFailure>({
      fields: contactFields,
      validator: contactValidator,
      tokenForm: "contact",
    });

  return (
    <Form
      {...formProps}
      action={`${contactFormPath}${location.search}#${contactFormAnchor}`}
      className="mt-6 sm:mt-8"
    >
      <FormSummary
        fields={errorFields}
        labelOf={(field) => fieldLabels[field]}
        message={
          formMessage && (
            <RefusalNotice
              refusal={formMessage}
              copy={{
                sendAgain: "send your enquiry again",
                several: "several enquiries",
                post: "enquiry",
              }}
            />
          )
        }
      />

      <div className="grid grid-cols-1 gap-x-6 gap-y-7 sm:grid-cols-2">
        <PersonFields errors={errors} values={values} companyOptional />
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
                  {copy.serviceNames[option.id] ?? option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField name="budget" label={fieldLabels.budget} optional error={errors.budget}>
          {(control) => (
            <NativeSelect {...control} defaultValue={values.budget ?? ""}>
              <option value="">Rather not say</option>
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

        <ConsentField
          label={`I agree that ${siteConfig.name} may contact me about this enquiry by e-mail or phone.`}
          error={errors.consent}
          defaultChecked={values.consent === "yes"}
          className="sm:col-span-2"
        />
      </div>

      <FormGuardFields token={formToken} source={source} />
      <FormFooter
        note={copy.privacy}
        pending={pending}
        label={copy.submitLabel}
        pendingLabel={copy.pendingLabel}
      />
    </Form>
  );
}
