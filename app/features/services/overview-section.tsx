import {
  Prose,
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type OverviewSectionProps = SectionProps & {
  heading: SectionHeadingCopy;
  paragraphs: readonly string[];
  tone?: SectionTone;
};

/**
 * A page's opening copy: the heading on the left, two or three paragraphs on
 * the right from the lg breakpoint, one column below it.
 */
export function OverviewSection({
  id = "overview",
  className,
  heading,
  paragraphs,
  tone,
}: OverviewSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <div className="grid gap-6 lg:grid-cols-12 lg:gap-12">
        <SectionHeading id={headingId} heading={heading} className="lg:col-span-5" />
        <Prose className="lg:col-span-7 lg:pt-8 [&>p:first-child]:text-body">
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Prose>
      </div>
    </SectionBand>
  );
}
