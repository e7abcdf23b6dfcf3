import { cn } from "~/lib/cn";
import { Tag } from "~/components/ui/tag";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

export type TechnologyGroup = { group: string; items: readonly string[] };

type TechnologyListProps = SectionProps & {
  groups: readonly TechnologyGroup[];
  heading: SectionHeadingCopy;
  tone?: SectionTone;
};

// Static class names, so Tailwind sees them. Four groups sit two by two, so
// long names (Microsoft Defender for Cloud) stay on one line; five wrap.
const columnsByCount: Record<number, string> = {
  2: "lg:grid-cols-2",
  3: "lg:grid-cols-3",
  4: "lg:grid-cols-2",
};

/** The tools and platforms behind a service, grouped by what they are for. */
export function TechnologyList({
  id = "technologies",
  className,
  groups,
  heading,
  tone,
}: TechnologyListProps) {
  const headingId = `${id}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} />
      <div
        className={cn(
          "mt-10 grid items-start gap-4 sm:grid-cols-2 md:mt-12 md:gap-6",
          columnsByCount[groups.length] ?? "lg:grid-cols-3",
        )}
      >
        {groups.map((group) => (
          <div key={group.group} className="rounded-2xl border border-line p-6">
            <h3 className="text-sm font-semibold tracking-[0.08em] text-muted uppercase">
              {group.group}
            </h3>
            <ul className="mt-4 flex flex-wrap gap-2">
              {group.items.map((item) => (
                <li key={item}>
                  <Tag tone="outline" size="md">
                    {item}
                  </Tag>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </SectionBand>
  );
}
