import { notFound } from "~/site/not-found.server";
import type { Route } from "./+types/case-study";
import { CallToAction } from "~/components/sections/call-to-action";
import {
  CaseStudyApproach,
  CaseStudyFacts,
  CaseStudyHero,
  CaseStudyResults,
  CaseStudyTimeline,
} from "~/features/portfolio/case-study";
import { portfolioPage } from "~/features/portfolio/portfolio-page.server";
import { findCaseStudy } from "~/features/portfolio/products.server";
import { testimonialItem, testimonials } from "~/features/portfolio/testimonials.server";
import { fixedPages } from "~/config/pages";
import { paths, productPath, socialCardPath } from "~/config/paths";
import { productArtAlt } from "~/config/art";
import { breadcrumbJsonLd, caseStudyJsonLd } from "~/site/json-ld";
import { getMeta } from "~/site/meta";
import { serviceRef } from "~/features/services/services.server";
import { pictureFor } from "~/lib/images/content-images.server";

// One product's case study, prerendered (app/site/pages.server.ts). Unknown slugs are 404.
export function loader({ params }: Route.LoaderArgs) {
  const product = findCaseStudy(params.slug);
  if (!product) throw notFound();
  const path = productPath(product.slug);
  const testimonial = testimonials.find((entry) => entry.product === product.slug);
  const description = `${product.name} for ${product.client.name}: ${product.headlineResult.value} ${product.headlineResult.label}. ${product.summary}`;
  const { slug, name, industry, summary, client, duration, services, headlineResult } = product;
  const { challenge, solution, approach, timeline, team, results, technologies } = product;
  return {
    study: {
      ...{ slug, name, industry, summary, client, duration, headlineResult },
      services: services.map(serviceRef),
      artAlt: productArtAlt(product),
      ...{ challenge, solution, approach, timeline, team, results, technologies },
      testimonial: testimonial && testimonialItem(testimonial),
      screens: (product.screens ?? []).flatMap((screen) => {
        const picture = pictureFor(screen);
        return picture ? [{ picture, ...(screen.caption && { caption: screen.caption }) }] : [];
      }),
    },
    description: description.length <= 160 ? description : `${description.slice(0, 157)}…`,
    cta: portfolioPage().cta,
    // Built here, so the JSON-LD builders stay on the server (issue 6).
    jsonLd: [
      caseStudyJsonLd({
        name: `${product.name} for ${product.client.name}`,
        description: product.summary,
        path,
        client: product.client.name,
        industry: product.industry,
        image: socialCardPath(path),
        keywords: product.technologies,
      }),
      breadcrumbJsonLd([
        { name: "Home", path: paths.home },
        { name: "Portfolio", path: fixedPages.portfolio.path },
        { name: product.name, path },
      ]),
    ],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? getMeta({
        title: `${loaderData.study.name} for ${loaderData.study.client.name}`,
        description: loaderData.description,
        path: productPath(loaderData.study.slug),
        type: "article",
        jsonLd: loaderData.jsonLd,
      })
    : [];

export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  const { study, cta } = loaderData;
  return (
    <>
      <CaseStudyHero study={study} />
      <CaseStudyFacts study={study} />
      <CaseStudyApproach study={study} />
      <CaseStudyTimeline study={study} />
      <CaseStudyResults study={study} />
      <CallToAction copy={cta} className="pt-0 md:pt-0" />
    </>
  );
}
