import { Icon } from "~/components/ui/icon";
import { StepNumber } from "~/components/ui/step-number";
import type { HomePage } from "~/features/company/home-page.server";
import { cn } from "~/lib/cn";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type Stage = HomePage["engineering"]["stages"][number];

type StageBandProps = SectionProps & {
  heading: SectionHeadingCopy;
  stages: readonly Stage[];
  tone?: SectionTone;
};

/**
 * "Digital engineering": how the company builds, as an ordered sequence of
 * stages. On a phone a timeline down the page, each stage's number, title,
 * time and summary (its checklist is the cards' detail); from sm up, cards
 * with their checklists. Issue 30: home keeps one sideways row on a phone,
 * and this was a second.
 */
export function StageBand({ id, className, heading, stages, tone = "muted" }: StageBandProps) {
  const headingId = `${id ?? "stages"}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} />
      <ol className="mt-8 grid sm:mt-12 sm:grid-cols-2 sm:gap-5 lg:grid-cols-4 lg:gap-6">
        {stages.map((stage, index) => (
          <li
            key={stage.id}
            className={cn(
              "relative flex flex-col sm:rounded-2xl sm:border sm:border-line sm:bg-surface sm:p-6 lg:p-7",
              // The timeline's line, from under one number to the next.
              "max-sm:pb-8 max-sm:pl-14 max-sm:before:absolute max-sm:before:top-11 max-sm:before:bottom-3 max-sm:before:left-[17.5px] max-sm:before:w-px max-sm:before:bg-line-strong max-sm:last:pb-0 max-sm:last:before:hidden",
            )}
          >
            <div
              aria-hidden="true"
              className="flex items-center gap-1.5 max-sm:absolute max-sm:top-0 max-sm:left-0"
            >
              <StepNumber number={index + 1} className="sm:mr-2" />
              {stages.map((other, otherIndex) => (
                <span
                  key={other.id}
                  className={cn(
                    "h-1 flex-1 rounded-full max-sm:hidden",
                    otherIndex <= index ? "bg-linear-90 from-accent to-signal" : "bg-line",
                  )}
                />
              ))}
            </div>
            {/* The step number is the stage's marker, as on a service's process. */}
            <h3 className="mt-1 text-xl font-semibold sm:mt-6">
              <span className="sr-only">Stage {index + 1}: </span>
              {stage.title}
            </h3>
            <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-muted">
              <Icon name="clock" className="size-3.5" />
              {stage.duration}
            </p>
            <p className="mt-3 leading-relaxed text-pretty text-muted sm:mt-4 sm:mb-6">
              {stage.summary}
            </p>
            <ul className="mt-auto space-y-2.5 border-t border-line pt-5 text-[15px] text-body max-sm:hidden">
              {stage.points.map((point) => (
                <li key={point} className="flex gap-2.5">
                  <Icon name="check" className="mt-1 size-4 shrink-0 text-accent" />
                  {point}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </SectionBand>
  );
}
