import { Icon } from "~/components/ui/icon";
import { StepNumber } from "~/components/ui/step-number";
import type { HomePage } from "~/features/company/home-page.server";
import { cn } from "~/lib/cn";
import { ScrollRow, ScrollRowItem } from "~/components/ui/scroll-row";
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

/** "Digital engineering": how the company builds, as an ordered sequence of stages. */
export function StageBand({ id, className, heading, stages, tone = "muted" }: StageBandProps) {
  const headingId = `${id ?? "stages"}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} />
      <ScrollRow
        as="ol"
        label={`${heading.title}: stages`}
        className="mt-8 sm:mt-12 sm:grid-cols-2 sm:gap-5 lg:grid-cols-4 lg:gap-6"
      >
        {stages.map((stage, index) => {
          return (
            <ScrollRowItem
              key={stage.id}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 lg:p-7"
            >
              <div aria-hidden="true" className="flex items-center gap-1.5">
                <StepNumber number={index + 1} className="mr-2" />
                {stages.map((other, otherIndex) => (
                  <span
                    key={other.id}
                    className={cn(
                      "h-1 flex-1 rounded-full",
                      otherIndex <= index ? "bg-linear-90 from-accent to-cyan" : "bg-slate-200",
                    )}
                  />
                ))}
              </div>
              {/* The step number above is the stage's marker, as on a service's process. */}
              <h3 className="mt-5 text-xl font-semibold sm:mt-6">
                <span className="sr-only">Stage {index + 1}: </span>
                {stage.title}
              </h3>
              <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-slate-500">
                <Icon name="clock" className="size-3.5" />
                {stage.duration}
              </p>
              <p className="mt-4 mb-5 leading-relaxed text-pretty text-slate-600 sm:mb-6">
                {stage.summary}
              </p>
              <ul className="mt-auto space-y-2 border-t border-slate-100 pt-4 text-[15px] text-slate-700 sm:space-y-2.5 sm:pt-5">
                {stage.points.map((point) => (
                  <li key={point} className="flex gap-2.5">
                    <Icon name="check" className="mt-1 size-4 shrink-0 text-accent" />
                    {point}
                  </li>
                ))}
              </ul>
            </ScrollRowItem>
          );
        })}
      </ScrollRow>
    </SectionBand>
  );
}
