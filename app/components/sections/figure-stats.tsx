import type { FigureStat } from "../../content/figures.server";
import { SectionBand, SectionHeading } from "./section";
import type { SectionProps } from "./types";

type FigureStatsProps = SectionProps & {
  eyebrow: string;
  title: string;
  lead?: string;
  figures: readonly FigureStat[];
};

/**
 * The company's figures on an ink band. Home and About both use it with the
 * same list (content/figures.yaml), so the numbers always agree.
 */
export function FigureStats({ id, className, eyebrow, title, lead, figures }: FigureStatsProps) {
  const headingId = `${id ?? "figures"}-heading`;
  return (
    <SectionBand id={id} tone="ink" labelledBy={headingId} className={className}>
      <SectionHeading id={headingId} eyebrow={eyebrow} title={title} lead={lead} inverse />
      <dl
        data-testid="figure-stats"
        className="mt-12 grid grid-cols-1 gap-x-6 gap-y-10 min-[360px]:grid-cols-2 md:gap-x-8 lg:grid-cols-4"
      >
        {figures.map((figure) => (
          <div key={figure.id} className="flex flex-col border-l border-white/15 pl-4 md:pl-5">
            <dt className="order-2 mt-2 font-semibold text-white">{figure.label}</dt>
            <dd className="order-1 bg-linear-90 from-white to-cyan-300 bg-clip-text text-4xl font-semibold tracking-tight text-transparent tabular-nums sm:text-5xl md:text-6xl">
              {figure.value}
            </dd>
            <dd className="order-3 mt-2 text-[15px] leading-relaxed text-pretty text-slate-400">
              {figure.detail}
            </dd>
          </div>
        ))}
      </dl>
    </SectionBand>
  );
}
