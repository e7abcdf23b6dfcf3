import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { ConfirmationHeading } from "~/components/forms/confirmation-heading";
import { contactFormAnchor, contactFormPath } from "~/features/contact/contact-form-fields";
import { Button } from "~/components/ui/button";

type ContactConfirmationProps = {
  copy: {
    title: string;
    body: string;
    anotherLabel: string;
    meanwhile: { title: string; links: readonly { label: string; href: string; body: string }[] };
  };
};

/**
 * The thank-you state after a lead is stored. Arriving here from the form
 * (not on a fresh page load), focus moves to its heading so screen readers
 * announce it.
 */
export function ContactConfirmation({ copy }: ContactConfirmationProps) {
  return (
    <div data-testid="contact-confirmation">
      <ConfirmationHeading id="contact-confirmation-heading">{copy.title}</ConfirmationHeading>
      <p className="mt-4 max-w-[60ch] text-lg leading-relaxed text-muted">{copy.body}</p>
      <Button asChild variant="secondary" className="mt-8">
        <Link to={`${contactFormPath}#${contactFormAnchor}`}>
          {copy.anotherLabel}
          <Icon name="arrow-right" />
        </Link>
      </Button>

      <div className="mt-10 border-t border-line pt-8">
        <h3 className="text-sm font-semibold tracking-[0.14em] text-muted uppercase">
          {copy.meanwhile.title}
        </h3>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {copy.meanwhile.links.map((link) => (
            <li key={link.href}>
              <Link
                to={link.href}
                className="group marks block h-full lift rounded-xl border border-line p-5 hover:border-line-strong hover:shadow-lg hover:shadow-night/5"
              >
                <span className="flex items-center justify-between gap-3 font-semibold text-ink">
                  {link.label}
                  <Icon
                    name="arrow-right"
                    className="size-4 shrink-0 text-faint transition-colors group-hover:text-accent"
                  />
                </span>
                <span className="mt-2 block text-[15px] leading-relaxed text-muted">
                  {link.body}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
