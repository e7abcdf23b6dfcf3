import { Icon } from "~/components/ui/icon";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** The attributes that tie a control to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type FormFieldProps = {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  className?: string;
  /** Renders the control with the ids and states the label, hint and error need. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A labelled form control with an optional hint and an error message. The
 * error sits under the control (so controls side by side stay aligned), is
 * linked with aria-describedby, and sets aria-invalid, so a screen reader
 * announces it when the control gets focus.
 */
export function FormField({
  name,
  label,
  hint,
  error,
  optional = false,
  className,
  children,
}: FormFieldProps) {
  const id = `field-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div data-slot="form-field" className={cn("flex flex-col", className)}>
      <label htmlFor={id} className="text-[15px] font-semibold text-ink">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm leading-snug text-muted">
          {hint}
        </p>
      )}
      <div className="mt-2">
        {children({
          id,
          name,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy,
        })}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger">
      <Icon name="circle-alert" className="mt-px size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
