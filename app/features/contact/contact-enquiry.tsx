import { IconTile } from "~/components/ui/icon-tile";
import type { ComponentProps } from "react";
import { siteConfig } from "~/config/site";
import { contactFormAnchor, type ServiceOptionId } from "~/features/contact/contact-form-fields";
import { ContactConfirmation } from "~/features/contact/contact-confirmation";
import { ContactForm, type ContactFormCopy } from "~/features/contact/contact-form";
import { Card } from "~/components/ui/card";
import { NextSteps, type NextStep } from "~/components/forms/next-steps";
import { HeroPanel } from "~/components/sections/hero-parts";
import { SectionBand } from "~/components/sections/section";
import { cn } from "~/lib/cn";
import type { SectionProps } from "~/components/sections/types";

type ContactEnquiryProps = SectionProps & {
  copy: {
    form: ContactFormCopy & { title: string; intro: string };
    confirmation: ComponentProps<typeof ContactConfirmation>["copy"];
    nextSteps: { title: string; steps: readonly NextStep[] };
    direct: DirectCopy;
  };
  defaultService?: ServiceOptionId;
  /** The thank-you state: the lead was stored. */
  sent: boolean;
};

/**
 * The contact page's working band: the form (or its confirmation) on a white
 * card, and beside it what happens next and the direct ways to reach us.
 */
export function ContactEnquiry({ className, copy, defaultService, sent }: ContactEnquiryProps) {
  return (
    <SectionBand
      tone="muted"
      // On a phone the form starts close under the page's top: its first field
      // is on the first screen of a 320x568 phone too (issue 30).
      className={cn("max-sm:pt-3", className)}
      labelledBy={sent ? "contact-confirmation-heading" : "contact-form-heading"}
    >
      <div className="grid grid-cols-1 gap-12 lg:grid-cols-12 lg:gap-14">
        <div id={contactFormAnchor} className="scroll-mt-6 lg:col-span-7">
          <Card className="px-5 pt-4 pb-8 shadow-sm shadow-slate-900/[0.03] sm:p-10">
            {sent ? (
              <ContactConfirmation copy={copy.confirmation} />
            ) : (
              <>
                <h2
                  id="contact-form-heading"
                  className="text-xl font-semibold sm:text-2xl md:text-3xl"
                >
                  {copy.form.title}
                </h2>
                {/* What the labels say again ("optional"): left out on a phone,
                    where it pushed the first field below the first screen. */}
                <p className="mt-3 max-w-[60ch] leading-relaxed text-slate-600 max-sm:hidden">
                  {copy.form.intro}
                </p>
                <ContactForm defaultService={defaultService} copy={copy.form} />
              </>
            )}
          </Card>
        </div>

        <div className="lg:col-span-5 lg:pt-4">
          <NextSteps {...copy.nextSteps} />
          <DirectContact {...copy.direct} />
        </div>
      </div>
    </SectionBand>
  );
}

type DirectCopy = { title: string; body: string };

/**
 * The direct lines on the contact page's top from lg up, where a wide screen
 * has room beside the title: the fastest route to a reply. On narrower
 * screens the form comes first and the lines follow it (DirectContact).
 */
export function ReplyRoutes({ title, body }: DirectCopy) {
  return (
    <HeroPanel label={title} className="hidden lg:block">
      <p className="leading-relaxed text-slate-300">{body}</p>
      <DirectLines className="mt-5" />
    </HeroPanel>
  );
}

function DirectContact({ title, body }: DirectCopy) {
  return (
    <div className="mt-12 rounded-2xl bg-ink p-6 text-slate-300 sm:p-8 lg:hidden">
      <h2 className="text-xl font-semibold text-white">{title}</h2>
      <p className="mt-2 leading-relaxed">{body}</p>
      <DirectLines className="mt-6" />
    </div>
  );
}

function DirectLines({ className }: { className?: string }) {
  const rows = [
    {
      label: "E-mail",
      value: siteConfig.email,
      href: `mailto:${siteConfig.email}`,
      icon: "mail",
    },
    { label: "Phone", value: siteConfig.phone.display, href: siteConfig.phone.href, icon: "phone" },
  ] as const;
  return (
    <ul className={cn("space-y-4", className)}>
      {rows.map(({ label, value, href, icon }) => (
        <li key={label} className="flex items-center gap-4">
          <IconTile icon={icon} tone="inverse" size="md" />
          <span className="min-w-0">
            <span className="block text-sm text-slate-400">{label}</span>
            <a
              href={href}
              className="block truncate text-lg font-semibold text-white underline decoration-white/30 underline-offset-4 hover:decoration-white"
            >
              {value}
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
}
