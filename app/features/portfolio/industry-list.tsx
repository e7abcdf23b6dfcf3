import type { Industry } from "~/features/portfolio/industry-icon";
import { IndustryIcon } from "~/features/portfolio/industry-icon";
import { IconTile } from "~/components/ui/icon-tile";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";
import { ScrollRow, ScrollRowItem } from "~/components/ui/scroll-row";

export type IndustryItem = {
  industry: Industry;
  line: string;
  /** Names of the portfolio's products in this industry. */
  products: readonly string[];
};

type IndustryListProps = SectionProps & {
  heading: SectionHeadingCopy;
  items: readonly IndustryItem[];
  tone?: SectionTone;
};

/** The industries served: heading beside a list, each with its icon, a line and its products. */
export function IndustryList({ id, className, heading, items, tone = "muted" }: IndustryListProps) {
  const headingId = `${id ?? "industries"}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <div className="grid gap-8 sm:gap-10 lg:grid-cols-12 lg:gap-16">
        <SectionHeading
          id={headingId}
          heading={heading}
          className="lg:sticky lg:top-[calc(var(--header-offset)+3rem)] lg:col-span-5 lg:self-start"
        />
        {/* Phones: a row of cards that scrolls sideways; from sm up a ruled list. */}
        <ScrollRow
          label={`${heading.title}: industries`}
          className="sm:grid-cols-1 sm:gap-0 sm:divide-y sm:divide-slate-200 sm:border-y sm:border-slate-200 lg:col-span-7"
        >
          {items.map((item) => (
            <ScrollRowItem
              key={item.industry}
              className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:gap-6 sm:rounded-none sm:border-0 sm:bg-transparent sm:px-0 sm:py-7"
            >
              <IconTile tone="outline" size="lg">
                <IndustryIcon industry={item.industry} />
              </IconTile>
              <div className="min-w-0">
                <h3 className="text-lg font-semibold">{item.industry}</h3>
                <p className="mt-1.5 leading-relaxed text-pretty text-slate-600">{item.line}</p>
                {item.products.length > 0 && (
                  <p className="mt-3 text-sm text-slate-500">
                    <span className="font-semibold text-slate-700">Our work: </span>
                    {item.products.join(", ")}
                  </p>
                )}
              </div>
            </ScrollRowItem>
          ))}
        </ScrollRow>
      </div>
    </SectionBand>
  );
}
