import { cn } from "~/lib/cn";
import { StepNumber } from "~/components/ui/step-number";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

export type ProcessStep = { title: string; duration: string; description: string };

type ProcessStepsProps = SectionProps & {
  steps: readonly ProcessStep[];
  heading: SectionHeadingCopy;
  tone?: SectionTone;
};

// Static class names, so Tailwind sees them: one column per step from lg up.
const columnsByCount: Record<number, string> = {
  3: "lg:grid-cols-3",
  4: "lg:grid-cols-4",
  5: "lg:grid-cols-5",
};

/**
 * How an engagement runs: numbered steps on a timeline, vertical on phones and
 * tablets, horizontal from lg up.
 */
export function ProcessSteps({
  id = "process",
  className,
  steps,
  heading,
  tone,
}: ProcessStepsProps) {
  const headingId = `${id}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} />
      <ol
        className={cn(
          "relative mt-10 grid gap-8 md:mt-14 lg:gap-6",
          columnsByCount[steps.length] ?? "lg:grid-cols-4",
        )}
      >
        {steps.map((step, index) => (
          <li key={step.title} className="relative pl-14 lg:pt-14 lg:pl-0">
            {/* The line to the next step: down on narrow screens, across from lg up. */}
            {index < steps.length - 1 && (
              <span
                aria-hidden="true"
                className="absolute top-10 bottom-[-2rem] left-[1.125rem] w-px bg-gradient-to-b from-signal to-line lg:top-[1.125rem] lg:right-[-1.5rem] lg:bottom-auto lg:left-10 lg:h-px lg:w-auto lg:bg-gradient-to-r"
              />
            )}
            <StepNumber number={index + 1} className="absolute top-0 left-0" />
            <p className="text-sm font-semibold text-muted">
              <span className="sr-only">Step {index + 1}, </span>
              {step.duration}
            </p>
            <h3 className="mt-1.5 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-[15px] leading-relaxed text-muted">{step.description}</p>
          </li>
        ))}
      </ol>
    </SectionBand>
  );
}
