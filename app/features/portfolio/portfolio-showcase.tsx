import { Icon } from "~/components/ui/icon";
import { useState } from "react";
import { Link } from "react-router";
import { productPath } from "~/config/paths";
import type { ProductCardData } from "~/features/portfolio/product-refs.server";
import { Tag } from "~/components/ui/tag";
import { IndustryIcon, type Industry } from "~/features/portfolio/industry-icon";
import { ProductArt } from "~/features/portfolio/product-art";
import { Chip } from "~/components/ui/chip";
import { HeadlineResult, ServiceLinks } from "~/features/portfolio/product-cards";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

export type CaseStudyData = ProductCardData & { clientName: string };

type PortfolioShowcaseProps = SectionProps & {
  heading: SectionHeadingCopy;
  filterLabel: string;
  allLabel: string;
  detailsLabel: string;
  products: readonly CaseStudyData[];
  /** The industries to filter by: those the products name, the footer's order first. */
  industries: readonly Industry[];
};

type Filter = Industry | "all";

/**
 * The portfolio: one card per product, filterable by industry. Each card
 * (id = its slug) links to the product's case study page (/portfolio/slug).
 * Without JavaScript every product shows, and the filter, which would do
 * nothing, is hidden. See docs/decisions/040.
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
      <div data-needs-script className="mt-10 border-b border-line pb-6">
        <p id="industry-filter-label" className="text-sm font-semibold text-body">
          {filterLabel}
        </p>
        <div
          role="group"
          aria-labelledby="industry-filter-label"
          className="mt-3 flex flex-wrap gap-2"
        >
          {options.map((option) => (
            <Chip
              size="md"
              key={option.value}
              pressed={filter === option.value}
              onClick={() => setFilter(option.value)}
            >
              {option.value !== "all" && <IndustryIcon industry={option.value} size="sm" />}
              {option.label}
              <span aria-hidden="true" className="text-xs tabular-nums opacity-70">
                {option.count}
              </span>
            </Chip>
          ))}
        </div>
        {/* A polite live region (not role="status", which marks the page-loading placeholder). */}
        <p
          aria-live="polite"
          aria-atomic="true"
          data-testid="filter-count"
          className="mt-4 text-[15px] text-muted"
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

/** A product's card: art, industry, client, the headline result, and a link to its case study page. */
function CaseStudyCard({ product, detailsLabel }: CaseStudyCardProps) {
  const headingId = `${product.slug}-heading`;
  return (
    <article
      id={product.slug}
      aria-labelledby={headingId}
      data-testid="product-card"
      data-industry={product.industry}
      className="group marks relative lift scroll-mt-6 overflow-hidden rounded-2xl border border-line bg-surface hover:border-line-strong hover:shadow-lg hover:shadow-night/5"
    >
      <div className="grid md:grid-cols-12">
        <div className="md:col-span-5 lg:col-span-4">
          <ProductArt
            slug={product.slug}
            alt={product.artAlt}
            fit="meet"
            className="aspect-[2/1] md:aspect-auto md:h-full"
          />
        </div>
        <div className="p-6 md:col-span-7 md:p-8 lg:col-span-8">
          <Tag tone="accent">
            <IndustryIcon industry={product.industry} />
            {product.industry}
          </Tag>
          <h3 id={headingId} className="mt-3 text-title font-semibold">
            {product.name}
          </h3>
          <p className="mt-2 text-lg leading-relaxed text-pretty text-muted">{product.summary}</p>
          <p className="mt-3 text-[15px] text-muted">
            <span className="font-semibold text-body">Client: </span>
            {product.clientName}
          </p>
          <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-10">
            <HeadlineResult result={product.headlineResult} />
            <ServiceLinks services={product.services} />
          </div>
          <p className="mt-6 border-t border-line pt-5">
            <Link
              to={productPath(product.slug)}
              // The visible words first, then which product (an sr-only span would add a space).
              aria-label={`${detailsLabel}: ${product.name}`}
              className="inline-flex items-center gap-1.5 font-semibold text-accent hover:text-accent-strong"
            >
              {detailsLabel}
              <Icon
                name="arrow-right"
                className="size-5 transition-transform duration-200 group-hover:translate-x-0.5"
              />
            </Link>
          </p>
        </div>
      </div>
    </article>
  );
}
