import type { ProductCardData } from "~/features/portfolio/product-refs.server";
import { HeroPanel } from "~/components/sections/hero-parts";
import { ArrowLink } from "~/components/ui/arrow-link";
import { productPath } from "~/config/paths";

/** Portfolio's top: the lead case's measured result and the way into it. */
export function LeadCase({ product }: { product: ProductCardData }) {
  const { name, slug, summary, headlineResult } = product;
  return (
    <HeroPanel label={`Lead case · ${name}`}>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-4xl font-semibold tracking-tight text-white sm:text-5xl">
          {headlineResult.value}
        </span>
        <span className="text-lg text-slate-200">{headlineResult.label}</span>
      </p>
      <p className="mt-3 leading-relaxed text-pretty text-slate-300">{summary}</p>
      <ArrowLink to={productPath(slug)} tone="inverse" className="mt-5">
        Read the {name} case
      </ArrowLink>
    </HeroPanel>
  );
}
