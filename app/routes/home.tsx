import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { CallToAction } from "../components/sections/call-to-action";
import { FigureStats } from "../components/sections/figure-stats";
import { HeroHome } from "../components/sections/hero-home";
import { IndustryList } from "../components/sections/industry-list";
import { ProductCards } from "../components/sections/product-cards";
import { StageBand } from "../components/sections/stage-band";
import { TestimonialList } from "../components/sections/testimonial-list";
import { Button } from "../components/ui/button";
import { figureStats } from "../content/figures.server";
import { homePage } from "../content/home-page.server";
import { productCardData } from "../content/product-refs.server";
import { findProduct, products } from "../content/products.server";
import { featuredTestimonials, testimonialItem } from "../content/testimonials.server";
import { fixedPages } from "../config/pages";
import { getMeta } from "../lib/meta";

export function loader() {
  const { meta, hero, engineering, selectedWork, industries, proof, testimonials, closing } =
    homePage;
  return {
    meta,
    hero,
    engineering,
    selectedWork: {
      ...selectedWork,
      // The schema has checked every slug against content/products.
      products: selectedWork.products
        .map((slug) => findProduct(slug))
        .filter((product) => product !== undefined)
        .map(productCardData),
    },
    industries: {
      ...industries,
      items: industries.items.map((item) => ({
        ...item,
        products: products
          .filter((product) => product.industry === item.industry)
          .map((product) => product.name),
      })),
    },
    proof: { ...proof, figures: figureStats() },
    testimonials: { ...testimonials, items: featuredTestimonials.map(testimonialItem) },
    closing,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta({ ...loaderData.meta, path: fixedPages.home.path }) : [];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { hero, engineering, selectedWork, industries, proof, testimonials, closing } = loaderData;
  return (
    <>
      <HeroHome
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        primaryAction={{ label: hero.primaryAction, href: "/contact" }}
        secondaryAction={{ label: hero.secondaryAction, href: "/portfolio" }}
        highlights={hero.highlights}
      />
      <StageBand
        id="digital-engineering"
        eyebrow={engineering.eyebrow}
        title={engineering.title}
        lead={engineering.lead}
        stages={engineering.stages}
      />
      <ProductCards
        id="selected-work"
        eyebrow={selectedWork.eyebrow}
        title={selectedWork.title}
        lead={selectedWork.lead}
        products={selectedWork.products}
        action={
          <Button asChild variant="secondary">
            <Link to="/portfolio">
              {selectedWork.action}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        }
      />
      <IndustryList
        id="industries"
        eyebrow={industries.eyebrow}
        title={industries.title}
        lead={industries.lead}
        items={industries.items}
      />
      <FigureStats
        id="track-record"
        eyebrow={proof.eyebrow}
        title={proof.title}
        lead={proof.lead}
        figures={proof.figures}
      />
      <TestimonialList
        id="testimonials"
        eyebrow={testimonials.eyebrow}
        title={testimonials.title}
        lead={testimonials.lead}
        testimonials={testimonials.items}
        tone="muted"
      />
      <CallToAction title={closing.title} lead={closing.lead} label={closing.action} />
    </>
  );
}
