import { productPath, servicePath } from "~/config/paths";
import { Icon } from "~/components/ui/icon";
import type { ReactNode } from "react";
import type { ServiceId } from "~/config/services";
import { Link } from "react-router";
import type { ProductCardData } from "~/features/portfolio/product-refs.server";
import { cn } from "~/lib/cn";
import { ScrollRow, ScrollRowItem } from "~/components/ui/scroll-row";
import { Tag } from "~/components/ui/tag";
import { Chip } from "~/components/ui/chip";
import { IndustryIcon } from "~/features/portfolio/industry-icon";
import { ProductArt } from "~/features/portfolio/product-art";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type ProductCardProps = {
  product: ProductCardData;
  className?: string;
};

/**
 * A product as a card: industry, name, one line, the headline result and the
 * services involved. The name links to the product's case study and stretches
 * over the card; the service links sit above that overlay.
 */
export function ProductCard({ product, className }: ProductCardProps) {
  return (
    <article
      data-industry={product.industry}
      aria-labelledby={`${product.slug}-card-name`}
      className={cn(
        "group marks relative flex lift flex-col overflow-hidden rounded-2xl border border-line bg-surface hover:border-line-strong hover:shadow-lg hover:shadow-night/5",
        "has-[[data-card-link]:focus-visible]:outline-3 has-[[data-card-link]:focus-visible]:outline-offset-3 has-[[data-card-link]:focus-visible]:outline-focus",
        className,
      )}
    >
      <ProductArt slug={product.slug} alt={product.artAlt} />
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <Tag tone="accent" className="self-start">
          <IndustryIcon industry={product.industry} />
          {product.industry}
        </Tag>
        <h3 id={`${product.slug}-card-name`} className="mt-4 text-xl font-semibold">
          <Link
            to={productPath(product.slug)}
            data-card-link
            className="inline-flex items-center gap-1.5 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {product.name}
            <span className="sr-only">: read the case study</span>
            <Icon
              name="arrow-right"
              className="size-5 text-faint transition-transform duration-200 group-hover:translate-x-0.5 group-hover:-translate-y-0.5 group-hover:text-accent"
            />
          </Link>
        </h3>
        <p className="mt-2 leading-relaxed text-pretty text-muted">{product.summary}</p>
        <HeadlineResult result={product.headlineResult} className="mt-4 mb-5 sm:mt-5 sm:mb-6" />
        <ServiceLinks
          services={product.services}
          className="mt-auto border-t border-line pt-4 sm:pt-5"
        />
      </div>
    </article>
  );
}

/** A product's headline figure: the number, then what it measures. */
export function HeadlineResult({
  result,
  className,
}: {
  result: ProductCardData["headlineResult"];
  className?: string;
}) {
  return (
    <p className={cn("flex flex-col", className)}>
      <span className="text-4xl font-semibold tracking-tight text-accent tabular-nums">
        {result.value}
      </span>
      <span className="mt-1 text-[15px] font-medium text-body">{result.label}</span>
    </p>
  );
}

/** The services involved in a product, each linking to its service page. */
export function ServiceLinks({
  services,
  className,
  label = "Services involved",
}: {
  services: readonly { id: ServiceId; name: string }[];
  className?: string;
  label?: string;
}) {
  return (
    <div className={className}>
      <p className="text-xs font-semibold tracking-[0.12em] text-muted uppercase">{label}</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {services.map((service) => {
          return (
            <li key={service.id}>
              {/* Above the card's stretched link, so each chip is its own target. */}
              <Chip asChild className="relative z-10">
                <Link to={servicePath(service.id)}>{service.name}</Link>
              </Chip>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

type ProductCardsProps = SectionProps & {
  heading: SectionHeadingCopy;
  products: readonly ProductCardData[];
  tone?: SectionTone;
  /** A link beside the heading, e.g. to the whole portfolio. */
  action?: ReactNode;
};

/** A band of product cards: Home's selected work. */
export function ProductCards({
  id,
  className,
  heading,
  products,
  tone = "white",
  action,
}: ProductCardsProps) {
  const headingId = `${id ?? "products"}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} actions={action} />
      <ScrollRow
        label={`${heading.title}: products`}
        className="mt-8 sm:mt-12 sm:grid-cols-2 sm:gap-5 lg:gap-6 xl:grid-cols-4"
      >
        {products.map((product) => (
          <ScrollRowItem key={product.slug} className="flex">
            <ProductCard product={product} className="flex-1" />
          </ScrollRowItem>
        ))}
      </ScrollRow>
    </SectionBand>
  );
}
