import { Icon } from "~/components/ui/icon";
import { useId, useState, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

export type Faq = { question: string; answer: string };

type FaqListProps = SectionProps & {
  faqs: readonly Faq[];
  heading: SectionHeadingCopy;
  /** Under the heading: where to ask a question the list does not answer. */
  aside?: ReactNode;
  tone?: SectionTone;
};

/**
 * Frequently asked questions as an accordion (the WAI-ARIA disclosure pattern):
 * each question is a button in a heading, with aria-expanded and aria-controls.
 * Every answer is in the server's HTML, hidden until opened, so it is indexed
 * and readable before the page's script runs; any number can be open at once.
 */
export function FaqList({ id = "faqs", className, faqs, heading, aside, tone }: FaqListProps) {
  const headingId = `${id}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <div className="grid gap-8 lg:grid-cols-12 lg:gap-16">
        <div className="lg:col-span-4">
          <SectionHeading id={headingId} heading={heading} />
          {aside && <div className="mt-5 text-base leading-relaxed text-muted">{aside}</div>}
        </div>
        <div className="divide-y divide-line border-y border-line lg:col-span-8">
          {faqs.map((faq) => (
            <FaqItem key={faq.question} faq={faq} />
          ))}
        </div>
      </div>
    </SectionBand>
  );
}

function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonId = `${id}-question`;
  const panelId = `${id}-answer`;
  return (
    <div>
      <h3 className="text-base font-semibold md:text-lg">
        <button
          type="button"
          id={buttonId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="group flex w-full items-start justify-between gap-6 py-5 text-left text-ink hover:text-accent-strong md:py-6"
        >
          <span className="text-pretty">{faq.question}</span>
          <span
            aria-hidden="true"
            className={cn(
              "mt-0.5 grid size-7 shrink-0 place-items-center rounded-full border border-line-strong text-muted transition-[transform,background-color,border-color,color] duration-200 group-hover:border-accent group-hover:text-accent",
              open && "rotate-45 border-accent bg-accent text-on-accent group-hover:text-on-accent",
            )}
          >
            <Icon name="plus" className="size-4" strokeWidth={2} />
          </span>
        </button>
      </h3>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        hidden={!open}
        className="max-w-[65ch] pb-6 text-base leading-[1.6] text-muted sm:pr-12"
      >
        <p>{faq.answer}</p>
      </div>
    </div>
  );
}
