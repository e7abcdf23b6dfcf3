import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { Tag } from "~/components/ui/tag";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";
import { paths, sectionPath } from "~/config/paths";

export type OutcomeProduct = {
  slug: string;
  name: string;
  industry: string;
  client: string;
  headlineResult: { value: string; label: string };
  results: readonly string[];
};

type CaseOutcomeProps = SectionProps & {
  /** "Case study: <product>", what the work achieved as the title, its summary as the lead. */
  heading: SectionHeadingCopy;
  product: OutcomeProduct;
};

/**
 * A short case example on an ink band: what the work did for one product of
 * the portfolio, its headline figure, and a link to the product's section on
 * the portfolio page (each product section there carries id=<slug>).
 */
export function CaseOutcome({ id = "outcome", className, heading, product }: CaseOutcomeProps) {
  const headingId = `${id}-heading`;
  return (
    <SectionBand id={id} className={className} tone="ink" labelledBy={headingId}>
      <div className="grid gap-10 lg:grid-cols-12 lg:items-center lg:gap-16">
        <div className="lg:col-span-7">
          <SectionHeading id={headingId} heading={heading} inverse />
          <ul className="mt-8 space-y-3">
            {product.results.map((result) => (
              <li key={result} className="flex gap-3 text-base leading-relaxed text-mist-strong">
                <span
                  aria-hidden="true"
                  className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-signal/15 text-signal"
                >
                  <Icon name="check" className="size-3.5" strokeWidth={2.5} />
                </span>
                {result}
              </li>
            ))}
          </ul>
          <Link
            to={sectionPath(paths.portfolio, product.slug)}
            className="group mt-9 inline-flex items-center gap-2 font-semibold text-signal hover:text-white"
          >
            Read the {product.name} case study
            <Icon
              name="arrow-right"
              className="size-4 transition-transform duration-200 group-hover:translate-x-0.5"
            />
          </Link>
        </div>

        <figure className="relative isolate overflow-hidden rounded-3xl border border-white/10 bg-night-800 p-8 md:p-10 lg:col-span-5">
          <OutcomeArt />
          <Tag tone="inverse">{product.industry}</Tag>
          <p className="mt-8 bg-gradient-to-r from-signal to-signal bg-clip-text text-6xl leading-none font-semibold tracking-tight text-transparent tabular-nums md:text-7xl">
            {product.headlineResult.value}
          </p>
          <p className="mt-3 text-lg font-medium text-white">{product.headlineResult.label}</p>
          <figcaption className="mt-8 border-t border-white/10 pt-6 text-[15px] leading-relaxed">
            <span className="block font-semibold text-white">{product.name}</span>
            <span className="mt-1 block text-mist">{product.client}</span>
          </figcaption>
        </figure>
      </div>
    </SectionBand>
  );
}

/** Decorative rings behind the figure, drawn in code. */
function OutcomeArt() {
  return (
    <svg
      aria-hidden="true"
      className="absolute -top-24 -right-24 -z-10"
      width="320"
      height="320"
      viewBox="0 0 320 320"
      fill="none"
    >
      <circle cx="160" cy="160" r="70" stroke="rgb(103 232 249 / 0.16)" />
      <circle cx="160" cy="160" r="110" stroke="rgb(165 180 252 / 0.12)" />
      <circle cx="160" cy="160" r="150" stroke="rgb(165 180 252 / 0.08)" />
      <circle cx="82" cy="238" r="4" fill="#f2c77a" opacity="0.7" />
    </svg>
  );
}
