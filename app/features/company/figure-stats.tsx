import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { FigureStat } from "~/features/company/figures.server";
import { cn } from "~/lib/cn";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";
import { ScrollRow, ScrollRowItem } from "~/components/ui/scroll-row";

type FigureStatsProps = SectionProps & {
  heading: SectionHeadingCopy;
  figures: readonly FigureStat[];
  /**
   * Ink by default; "light" on a page whose next band is already ink (About
   * ends with the ink call-to-action card), so dark bands do not stack up.
   */
  tone?: "ink" | "light";
};

/**
 * Headline figures, on an ink band or a white one, each linking to the case
 * study it comes from (content/figures.yaml). Home and About show different ones.
 */
export function FigureStats({ id, className, heading, figures, tone = "ink" }: FigureStatsProps) {
  const headingId = `${id ?? "figures"}-heading`;
  const ink = tone === "ink";
  return (
    <SectionBand id={id} tone={ink ? "ink" : "white"} labelledBy={headingId} className={className}>
      <SectionHeading id={headingId} heading={heading} inverse={ink} />
      {/* Phones: a row that scrolls sideways; from sm up a grid of two, then four. */}
      <ScrollRow
        as="dl"
        testId="figure-stats"
        label={`${heading.title}: figures`}
        className="mt-8 sm:mt-12 sm:grid-cols-2 sm:gap-x-6 sm:gap-y-10 md:gap-x-8 lg:grid-cols-4"
      >
        {figures.map((figure) => (
          <ScrollRowItem
            as="div"
            key={figure.id}
            className={cn(
              "flex flex-col border-l pl-3 sm:pl-4 md:pl-5",
              ink ? "border-white/15" : "border-line",
            )}
          >
            <dt className={cn("order-2 mt-2 font-semibold", ink ? "text-white" : "text-ink")}>
              {figure.label}
            </dt>
            {/* Gradient text stays above AA at both ends on its band. */}
            <dd
              className={cn(
                "order-1 bg-linear-90 bg-clip-text text-[2rem]/[1.1] font-semibold tracking-tight text-transparent tabular-nums sm:text-5xl md:text-6xl",
                ink ? "from-white to-signal" : "from-accent to-accent-strong",
              )}
            >
              {figure.value}
            </dd>
            <dd
              className={cn(
                "order-3 mt-1.5 text-sm leading-relaxed text-pretty sm:mt-2 sm:text-[15px]",
                ink ? "text-mist-soft" : "text-muted",
              )}
            >
              {figure.detail}
            </dd>
            <dd className="order-4 mt-3">
              <Link
                to={figure.source.href}
                className={cn(
                  "inline-flex items-center gap-1 text-sm font-semibold underline-offset-4 hover:underline",
                  ink ? "text-signal" : "text-accent",
                )}
              >
                <span className="sr-only">Source: </span>
                {figure.source.label}
                <Icon name="arrow-right" className="size-4" />
              </Link>
            </dd>
          </ScrollRowItem>
        ))}
      </ScrollRow>
    </SectionBand>
  );
}
