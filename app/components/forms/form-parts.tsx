import { useMemo, useSyncExternalStore, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import { Checkbox } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { siteConfig } from "~/config/site";
import { paths } from "~/config/paths";
import { formTokenField, honeypotField, type FormRefusal } from "~/lib/forms/fields";
import {
  leadSourceFields,
  storedLeadSource,
  tabLeadSource,
  type WithLeadSource,
} from "~/lib/forms/lead-source";

/*
 * The parts every public form of the site is made of, around its own fields:
 * the announced summary of errors and messages at the top, the consent box,
 * the abuse rules' hidden fields, and the footer with the note and the send
 * button (docs/decisions/052).
 */

/**
 * The top of a form, announced politely: the fields in error, each linking to
 * its control (useful when the page reloads), or a message about the whole post.
 */
export function FormSummary<F extends string>({
  fields,
  labelOf,
  message,
}: {
  fields: readonly F[];
  labelOf: (field: F) => string;
  message?: ReactNode;
}) {
  return (
    <div aria-live="polite">
      {fields.length > 0 && (
        <div className="mb-8 rounded-xl border border-danger/30 bg-danger-wash p-5">
          <p className="flex items-center gap-2 font-semibold text-danger">
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
                  className="text-danger underline underline-offset-4 hover:text-ink"
                >
                  {labelOf(field)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {message}
    </div>
  );
}

/**
 * A message about the whole post (turned away, expired, rate-limited, or the
 * form's own cases): it takes focus after the answer.
 */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p
      data-form-message
      tabIndex={-1}
      className="mb-8 flex items-start gap-2 rounded-xl border border-caution/40 bg-caution-wash p-5 text-[15px] leading-relaxed text-caution outline-none focus-visible:outline-3"
    >
      <Icon name="circle-alert" className="mt-0.5 size-5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** The site's e-mail address as a link, for messages that offer another way. */
export function SiteEmailLink() {
  return (
    <a
      href={`mailto:${siteConfig.email}`}
      className="font-semibold whitespace-nowrap underline underline-offset-4"
    >
      {siteConfig.email}
    </a>
  );
}

/**
 * What the abuse rules' refusals say (docs/decisions/051): the form expired,
 * the network sent too many posts, or the post was turned away; and a post
 * the database could not take (docs/decisions/055).
 */
export function RefusalNotice({
  refusal,
  copy,
}: {
  refusal: FormRefusal;
  /** "send your enquiry again"; "several enquiries"; "enquiry". */
  copy: { sendAgain: string; several: string; post: string };
}) {
  switch (refusal.kind) {
    case "expired":
      return (
        <FormNotice>
          This page was open for a long time, so the form expired. We have renewed it: please{" "}
          {copy.sendAgain}.
        </FormNotice>
      );
    case "confirm":
      return (
        <FormNotice>
          {`One more step: please check your details below and ${copy.sendAgain}. Without JavaScript in the browser, the form asks this once, to keep automated posts out.`}
        </FormNotice>
      );
    case "rate-limited": {
      const minutes = Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60));
      return (
        <FormNotice>
          We have received {copy.several} from your network in the last few minutes. Please try
          again in {minutes === 1 ? "a minute" : `${minutes} minutes`}, or write to us at{" "}
          <SiteEmailLink />.
        </FormNotice>
      );
    }
    case "unavailable":
      return (
        <FormNotice>
          {/* One text node, so the sentence reads as one string in the server's HTML. */}
          {`We could not save your ${copy.post} just now, so it has not reached us yet. Everything you typed is still in the form below: please send it again in a few minutes, or write to us at `}
          <SiteEmailLink />.
        </FormNotice>
      );
    default:
      return (
        <FormNotice>
          We could not accept this form. Please send it again in a moment, or write to us at{" "}
          <SiteEmailLink />.
        </FormNotice>
      );
  }
}

/** The required consent checkbox, posting "yes", with its error under the label. */
export function ConsentField({
  label,
  error,
  defaultChecked,
  className,
}: {
  label: ReactNode;
  error?: string;
  defaultChecked: boolean;
  className?: string;
}) {
  const errorId = error ? "field-consent-error" : undefined;
  return (
    <div className={className}>
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
        <label htmlFor="field-consent" className="text-[15px] leading-relaxed text-body">
          {label}
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

const noChanges = () => () => undefined;

/**
 * The abuse rules' fields (docs/decisions/051), the trap and the signed time
 * token, and where the visit came from (app/lib/forms/lead-source.ts): the
 * tab's record with JavaScript; without it, the source the server took from
 * the page the form was sent from, brought back with the form.
 */
export function FormGuardFields({ token, source }: { token: string } & WithLeadSource) {
  const { pathname } = useLocation();
  // Read once hydrated (the server has no tab); nothing changes it while the page is open.
  const stored = useSyncExternalStore(noChanges, storedLeadSource, () => null);
  const tab = useMemo(() => tabLeadSource(stored), [stored]);
  const sent = tab.landingPage ? tab : source;
  return (
    <>
      {leadSourceFields.map((field) => (
        <input
          key={field}
          type="hidden"
          name={field}
          value={field === "formPage" ? pathname : (sent?.[field] ?? "")}
        />
      ))}
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
      <input type="hidden" name={formTokenField} value={token} />
    </>
  );
}

/**
 * The form's last row: a note (privacy, what happens next) and the send
 * button, which says "sending" and is aria-disabled (not disabled, which would
 * drop focus) while the post is under way; a status region announces it.
 */
export function FormFooter({
  note,
  pending,
  label,
  pendingLabel,
  className,
}: {
  note: ReactNode;
  pending: boolean;
  label: ReactNode;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <>
      <div
        className={cn(
          "mt-9 flex flex-col gap-5 border-t border-line pt-8 sm:flex-row sm:items-center sm:justify-between sm:gap-8",
          className,
        )}
      >
        <p className="max-w-md text-sm leading-relaxed text-muted">
          {note}{" "}
          <Link
            to={paths.privacy}
            className="font-medium text-accent underline underline-offset-2 hover:text-ink"
          >
            How we handle your data
          </Link>
        </p>
        <Button type="submit" size="lg" aria-disabled={pending || undefined} className="shrink-0">
          {pending ? (
            <>
              <Icon name="loader-circle" className="motion-safe:animate-spin" />
              {pendingLabel}
            </>
          ) : (
            <>
              {label}
              <Icon name="arrow-right" />
            </>
          )}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {pending ? pendingLabel : ""}
      </p>
    </>
  );
}
