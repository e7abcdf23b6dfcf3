import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import {
  personFieldLabels,
  type FieldErrors,
  type FieldValues,
  type PersonField,
} from "~/lib/forms/fields";

/**
 * Name, work e-mail and company, as every form of the site asks for them
 * (the schema's rules are app/lib/forms/schema.ts's personFieldSchemas): three
 * cells of the form's two-column grid, filled in again from `values`.
 */
export function PersonFields({
  errors,
  values,
  companyOptional = false,
}: {
  errors: FieldErrors<PersonField>;
  values: FieldValues<PersonField>;
  /** The contact form asks for the company but does not require it (issue 16). */
  companyOptional?: boolean;
}) {
  return (
    <>
      <FormField name="name" label={personFieldLabels.name} error={errors.name}>
        {(control) => (
          <Input {...control} autoComplete="name" required defaultValue={values.name} />
        )}
      </FormField>
      <FormField name="email" label={personFieldLabels.email} error={errors.email}>
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
      <FormField
        name="company"
        label={personFieldLabels.company}
        optional={companyOptional}
        error={errors.company}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="organization"
            required={!companyOptional}
            defaultValue={values.company}
          />
        )}
      </FormField>
    </>
  );
}
