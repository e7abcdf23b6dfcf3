import type { AboutPage } from "~/features/company/about-page.server";
import { StepNumber } from "~/components/ui/step-number";
import { SectionBand, SectionHeading, type SectionTone } from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type VisionValuesProps = SectionProps & {
  vision: AboutPage["vision"];
  tone?: SectionTone;
};

/** The vision (heading and lead) and the values that serve it, numbered. */
export function VisionValues({ id, className, vision, tone = "muted" }: VisionValuesProps) {
  const headingId = `${id ?? "vision"}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={vision} />
      <ol className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
        {vision.values.map((value, index) => (
          <li key={value.title} className="rounded-2xl border border-line bg-surface p-7">
            <StepNumber number={index + 1} />
            <h3 className="mt-4 text-lg font-semibold">{value.title}</h3>
            <p className="mt-2 leading-relaxed text-pretty text-muted">{value.text}</p>
          </li>
        ))}
      </ol>
    </SectionBand>
  );
}
