import { cn } from "~/lib/cn";
import type { ContentIconName } from "~/components/ui/content-icon-names";
import { ContentIcon } from "~/components/ui/icon";
import { IconTile } from "~/components/ui/icon-tile";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

export type Offering = { title: string; description: string; icon: ContentIconName };

type ServiceOfferingsProps = SectionProps & {
  offerings: readonly Offering[];
  heading: SectionHeadingCopy;
  tone?: SectionTone;
};

/**
 * Rows of three from lg up (two on tablets). Four offerings make two rows of
 * two, and a short last row shares the full width instead of leaving a gap.
 * Class names are spelled out so Tailwind sees them.
 */
function spanOf(index: number, count: number): string {
  const perRow = count === 4 ? 2 : 3;
  const lastRowStart = count - (count % perRow || perRow);
  const lastRowSize = count - lastRowStart;
  const width = index >= lastRowStart ? lastRowSize : perRow;
  const large = width === 1 ? "lg:col-span-6" : width === 2 ? "lg:col-span-3" : "lg:col-span-2";
  const small = count % 2 === 1 && index === count - 1 ? "sm:col-span-2" : "";
  return cn(large, small);
}

/** What a service delivers: four to six offerings as cards with an icon. */
export function ServiceOfferings({
  id = "offerings",
  className,
  offerings,
  heading,
  tone = "muted",
}: ServiceOfferingsProps) {
  const headingId = `${id}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} />
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 md:mt-12 md:gap-6 lg:grid-cols-6">
        {offerings.map((offering, index) => (
          <li
            key={offering.title}
            className={cn(
              "grid grid-cols-[auto_1fr] gap-x-4 rounded-2xl border border-line bg-surface p-5 sm:block sm:p-6 md:p-7",
              spanOf(index, offerings.length),
            )}
          >
            <IconTile size="md">
              <ContentIcon name={offering.icon} strokeWidth={1.8} />
            </IconTile>
            <h3 className="self-center text-lg font-semibold sm:mt-5">{offering.title}</h3>
            <p className="col-span-2 mt-3 text-[15px] leading-relaxed text-muted sm:mt-2">
              {offering.description}
            </p>
          </li>
        ))}
      </ul>
    </SectionBand>
  );
}
