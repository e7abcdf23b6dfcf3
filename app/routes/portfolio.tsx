import type { Route } from "./+types/portfolio";
import { CallToAction } from "~/components/sections/call-to-action";
import { PageHero } from "~/components/sections/page-hero";
import { LeadCase } from "~/features/portfolio/lead-case";
import { PortfolioShowcase } from "~/features/portfolio/portfolio-showcase";
import { portfolioPage } from "~/features/portfolio/portfolio-page.server";
import { productCardData } from "~/features/portfolio/product-refs.server";
import { serviceRef } from "~/features/services/services.server";
import { productIndustries, products } from "~/features/portfolio/products.server";
import { fixedPages } from "~/config/pages";
import { getMeta } from "~/site/meta";

export function loader() {
  const { meta, hero, products: productsCopy, cta } = portfolioPage();
  return {
    meta,
    hero,
    productsCopy,
    cta,
    products: products.map((product) => ({
      ...productCardData(product, serviceRef),
      clientName: product.client.name,
    })),
    industries: productIndustries(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta({ ...loaderData.meta, path: fixedPages.portfolio.path }) : [];

export default function PortfolioPage({ loaderData }: Route.ComponentProps) {
  const { hero, productsCopy, cta, products } = loaderData;
  // The first product in content order is the one the portfolio leads with.
  const [leadCase] = products;
  return (
    <>
      <PageHero heading={hero} aside={leadCase && <LeadCase product={leadCase} />} />
      <PortfolioShowcase
        id="products"
        heading={productsCopy}
        filterLabel={productsCopy.filterLabel}
        allLabel={productsCopy.allLabel}
        detailsLabel={productsCopy.detailsLabel}
        products={loaderData.products}
        industries={loaderData.industries}
      />
      {/* The showcase above ends on white: the call to action needs no second top gap. */}
      <CallToAction copy={cta} className="pt-0 md:pt-0" />
    </>
  );
}
