import { Icon } from "~/components/ui/icon";
import { useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { ProductCardData } from "~/features/portfolio/product-refs.server";
import type { Product } from "~/features/portfolio/products.server";
import { Badge } from "~/components/ui/badge";
import { IndustryIcon, type Industry } from "~/features/portfolio/industry-icon";
import { ProductArt } from "~/features/portfolio/product-art";
import { ToggleButton } from "~/components/ui/toggle-button";
import { HeadlineResult, ServiceLinks } from "~/features/portfolio/product-cards";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
} from "~/components/sections/section";
import { TestimonialCard, type TestimonialItem } from "~/features/portfolio/testimonial-list";
import type { SectionProps } from "~/components/sections/types";

export type CaseStudyData = ProductCardData &
  Pick<Product, "client" | "challenge" | "solution" | "results" | "technologies"> & {
    testimonial?: TestimonialItem;
  };

type PortfolioShowcaseProps = SectionProps & {
  heading: SectionHeadingCopy;
  filterLabel: string;
  allLabel: string;
  detailsLabel: string;
  products: readonly CaseStudyData[];
  /** The industries to filter by, in the footer's order. */
  industries: readonly Industry[];
};

type Filter = Industry | "all";

/**
 * The portfolio: one card per product, filterable by industry. Each card is
 * the product's section (id = its slug, the target of /portfolio#slug links)
 * and expands in place to the challenge, solution and results; a link with the
 * product's hash opens it. Without JavaScript every product shows, the
 * disclosures still work, and the filter, which would do nothing, is hidden.
 * See docs/decisions/040.
 */
export function PortfolioShowcase({
  id,
  className,
  heading,
  filterLabel,
  allLabel,
  detailsLabel,
  products,
  industries,
}: PortfolioShowcaseProps) {
  const [filter, setFilter] = useState<Filter>("all");
  const { hash } = useLocation();

  // Arriving at /portfolio#slug opens that product's case study. The
  // disclosures are the browser's own <details>, so this sets the DOM's state.
  useEffect(() => {
    const slug = decodeURIComponent(hash.slice(1));
    if (!products.some((product) => product.slug === slug)) return;
    document.getElementById(slug)?.querySelector("details")?.setAttribute("open", "");
  }, [hash, products]);

  const shows = (product: CaseStudyData) => filter === "all" || product.industry === filter;
  const shown = products.filter(shows).length;
  const options: { value: Filter; label: string; count: number }[] = [
    { value: "all", label: allLabel, count: products.length },
    ...industries.map((industry) => ({
      value: industry,
      label: industry,
      count: products.filter((product) => product.industry === industry).length,
    })),
  ];
  const headingId = `${id ?? "products"}-heading`;

  return (
    <SectionBand id={id} className={className} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} />
      <div data-needs-script className="mt-10 border-b border-slate-200 pb-6">
        <p id="industry-filter-label" className="text-sm font-semibold text-slate-700">
          {filterLabel}
        </p>
        <div
          role="group"
          aria-labelledby="industry-filter-label"
          className="mt-3 flex flex-wrap gap-2"
        >
          {options.map((option) => (
            <ToggleButton
              key={option.value}
              pressed={filter === option.value}
              onClick={() => setFilter(option.value)}
            >
              {option.value !== "all" && <IndustryIcon industry={option.value} size="sm" />}
              {option.label}
              <span aria-hidden="true" className="text-xs tabular-nums opacity-70">
                {option.count}
              </span>
            </ToggleButton>
          ))}
        </div>
        {/* A polite live region (not role="status", which marks the page-loading placeholder). */}
        <p
          aria-live="polite"
          aria-atomic="true"
          data-testid="filter-count"
          className="mt-4 text-[15px] text-slate-600"
        >
          {filter === "all"
            ? `Showing all ${products.length} products.`
            : `Showing ${shown} of ${products.length} products: ${filter}.`}
        </p>
      </div>
      <ul className="mt-8 space-y-6 md:space-y-8">
        {products.map((product) => (
          <li key={product.slug} hidden={!shows(product)}>
            <CaseStudyCard product={product} detailsLabel={detailsLabel} />
          </li>
        ))}
      </ul>
    </SectionBand>
  );
}

type CaseStudyCardProps = { product: CaseStudyData; detailsLabel: string };

/** A product's card: the summary always, the case study in a disclosure below it. */
function CaseStudyCard({ product, detailsLabel }: CaseStudyCardProps) {
  const headingId = `${product.slug}-heading`;
  return (
    <article
      id={product.slug}
      aria-labelledby={headingId}
      data-testid="product-card"
      data-industry={product.industry}
      className="scroll-mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white"
    >
      <div className="grid md:grid-cols-12">
        <div className="md:col-span-5 lg:col-span-4">
          <ProductArt
            industry={product.industry}
            mirrored={product.mirrored}
            fit="meet"
            className="aspect-[2/1] md:aspect-auto md:h-full"
          />
        </div>
        <div className="p-6 md:col-span-7 md:p-8 lg:col-span-8">
          <Badge tone="accent">
            <IndustryIcon industry={product.industry} />
            {product.industry}
          </Badge>
          <h3 id={headingId} className="mt-3 text-2xl font-semibold md:text-3xl">
            {product.name}
          </h3>
          <p className="mt-2 text-lg leading-relaxed text-pretty text-slate-600">
            {product.summary}
          </p>
          <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-10">
            <HeadlineResult result={product.headlineResult} />
            <ServiceLinks ids={product.services} />
          </div>
        </div>
      </div>
      <details className="group border-t border-slate-200">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 font-semibold text-accent transition-colors duration-150 hover:bg-slate-50 md:px-8 [&::-webkit-details-marker]:hidden">
          <span>
            {detailsLabel}
            <span className="sr-only">: {product.name}</span>
          </span>
          <Icon
            name="chevron-down"
            className="size-5 shrink-0 transition-transform duration-200 group-open:rotate-180"
          />
        </summary>
        <div className="border-t border-slate-100 bg-slate-50/60 p-6 md:p-8">
          <p className="text-[15px] text-slate-600">
            <span className="font-semibold text-slate-800">Client: </span>
            {product.client}
          </p>
          <div className="mt-8 grid gap-8 lg:grid-cols-3 lg:gap-10">
            <CaseStudyPart title="Challenge">
              <p>{product.challenge}</p>
            </CaseStudyPart>
            <CaseStudyPart title="Solution">
              <p>{product.solution}</p>
            </CaseStudyPart>
            <CaseStudyPart title="Results">
              <ul className="space-y-3">
                {product.results.map((result) => (
                  <li key={result} className="flex gap-3">
                    <span className="mt-1 grid size-5 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-800">
                      <Icon name="check" className="size-3.5" strokeWidth={2.5} />
                    </span>
                    <span className="text-slate-700">{result}</span>
                  </li>
                ))}
              </ul>
            </CaseStudyPart>
          </div>
          <div className="mt-8 grid gap-8 border-t border-slate-200 pt-8 lg:grid-cols-3 lg:gap-10">
            <CaseStudyPart title="Technologies">
              <ul className="flex flex-wrap gap-2">
                {product.technologies.map((technology) => (
                  <li key={technology}>
                    <Badge tone="outline">{technology}</Badge>
                  </li>
                ))}
              </ul>
            </CaseStudyPart>
            {product.testimonial && (
              <TestimonialCard
                testimonial={product.testimonial}
                showProductLink={false}
                stretch={false}
                className="lg:col-span-2"
              />
            )}
          </div>
        </div>
      </details>
    </article>
  );
}

function CaseStudyPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h4 className="text-sm font-semibold tracking-[0.14em] text-slate-500 uppercase">{title}</h4>
      <div className="mt-3 leading-[1.6] text-pretty text-slate-700">{children}</div>
    </section>
  );
}
