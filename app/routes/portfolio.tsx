import type { Route } from "./+types/portfolio";
import { CallToAction } from "~/components/sections/call-to-action";
import { PageHero } from "~/components/sections/page-hero";
import { PortfolioShowcase } from "~/features/portfolio/portfolio-showcase";
import { industries } from "~/config/navigation";
import { portfolioPage } from "~/features/portfolio/portfolio-page.server";
import { productCardData } from "~/features/portfolio/product-refs.server";
import { products } from "~/features/portfolio/products.server";
import { testimonialItem, testimonials } from "~/features/portfolio/testimonials.server";
import { fixedPages } from "~/config/pages";
import { getMeta } from "~/site/meta";

export function loader() {
  const { meta, hero, products: productsCopy, cta } = portfolioPage;
  return {
    meta,
    hero,
    productsCopy,
    cta,
    products: products.map((product) => {
      const testimonial = testimonials.find((entry) => entry.product === product.slug);
      return {
        ...productCardData(product),
        client: product.client,
        challenge: product.challenge,
        solution: product.solution,
        results: product.results,
        technologies: product.technologies,
        testimonial: testimonial && testimonialItem(testimonial),
      };
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta({ ...loaderData.meta, path: fixedPages.portfolio.path }) : [];

export default function PortfolioPage({ loaderData }: Route.ComponentProps) {
  const { hero, productsCopy, cta } = loaderData;
  return (
    <>
      <PageHero heading={hero} />
      <PortfolioShowcase
        id="products"
        heading={productsCopy}
        filterLabel={productsCopy.filterLabel}
        allLabel={productsCopy.allLabel}
        detailsLabel={productsCopy.detailsLabel}
        products={loaderData.products}
        industries={industries}
      />
      {/* The showcase above ends on white: the call to action needs no second top gap. */}
      <CallToAction copy={cta} className="pt-0 md:pt-0" />
    </>
  );
}
