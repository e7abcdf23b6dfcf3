import type { ReactNode } from "react";
import { StepNumber } from "~/components/ui/step-number";
import { Icon } from "~/components/ui/icon";
import { Tag } from "~/components/ui/tag";
import { Container } from "~/components/ui/container";
import { HeroCopy } from "~/components/sections/page-hero";
import { SectionBand, SectionHeading } from "~/components/sections/section";
import { IndustryIcon } from "~/features/portfolio/industry-icon";
import { ProductArt } from "~/features/portfolio/product-art";
import { HeadlineResult, ServiceLinks } from "~/features/portfolio/product-cards";
import { TestimonialCard, type TestimonialItem } from "~/features/portfolio/testimonial-list";
import type { Product } from "~/features/portfolio/products.server";
import type { ProductCardData } from "~/features/portfolio/product-refs.server";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { Picture } from "~/lib/images/content-image";

/** What a case study page shows of a product (the loader sends it as it is). */
export type CaseStudyView = Pick<
  Product,
  | "slug"
  | "name"
  | "industry"
  | "summary"
  | "client"
  | "duration"
  | "headlineResult"
  | "challenge"
  | "solution"
  | "approach"
  | "timeline"
  | "team"
  | "results"
  | "technologies"
> & {
  /** The services involved, with their names for running text. */
  services: ProductCardData["services"];
  /** The alt text of the product's art (productArtAlt). */
  artAlt: string;
  testimonial?: TestimonialItem;
  /** The product's screens, as the build made them (docs/decisions/093). */
  screens: { picture: Picture; caption?: string }[];
};

/** The case study's opening: the product's name as the page's h1, the client, and its own art. */
export function CaseStudyHero({ study }: { study: CaseStudyView }) {
  return (
    <section className="marks relative isolate overflow-hidden bg-night text-white marks-hero">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_85%_0%,rgb(224_82_42/0.4),transparent_55%)]"
      />
      <Container className="grid items-center gap-10 py-14 sm:py-16 md:py-20 lg:grid-cols-12 lg:gap-12">
        <div className="lg:col-span-7">
          <HeroCopy
            heading={{
              eyebrow: `Case study · ${study.client.name}`,
              title: study.name,
              lead: study.summary,
            }}
          />
        </div>
        <div className="lg:col-span-5">
          <ProductArt
            slug={study.slug}
            alt={study.artAlt}
            fit="meet"
            className="rounded-2xl border border-white/10 shadow-2xl shadow-black/30"
          />
        </div>
      </Container>
    </section>
  );
}

/** The facts at a glance: client, industry, duration, team and services. */
export function CaseStudyFacts({ study }: { study: CaseStudyView }) {
  const people = study.team.reduce((sum, member) => sum + member.count, 0);
  return (
    <section aria-label="The engagement at a glance" className="border-b border-line bg-surface">
      <Container className="py-10 md:py-12">
        <dl className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Client">
            <span className="font-semibold text-ink">{study.client.name}</span>
            <span className="mt-1 block text-[15px] text-muted">{study.client.about}</span>
          </Fact>
          <Fact label="Industry">
            <Tag tone="accent">
              <IndustryIcon industry={study.industry} />
              {study.industry}
            </Tag>
          </Fact>
          <Fact label="Duration and team">
            <span className="font-semibold text-ink">{study.duration}</span>
            <span className="mt-1 block text-[15px] text-muted">{people} people from Corvanta</span>
          </Fact>
          <div>
            <dt className="sr-only">Services involved</dt>
            <dd>
              <ServiceLinks services={study.services} />
            </dd>
          </div>
        </dl>
      </Container>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-[0.12em] text-muted uppercase">{label}</dt>
      <dd className="mt-3">{children}</dd>
    </div>
  );
}

/** The challenge, then how we approached it, step by step. */
export function CaseStudyApproach({ study }: { study: CaseStudyView }) {
  return (
    <SectionBand id="approach" labelledBy="challenge-heading">
      <div className="grid gap-12 lg:grid-cols-12 lg:gap-16">
        <div className="lg:col-span-5">
          <SectionHeading
            id="challenge-heading"
            heading={{ eyebrow: "The challenge", title: "Where the client started" }}
          />
          <p className="mt-6 text-lg leading-[1.6] text-pretty text-body">{study.challenge}</p>
          <p className="mt-5 leading-[1.6] text-pretty text-muted">{study.solution}</p>
        </div>
        <div className="lg:col-span-7">
          <h3 className="text-sm font-semibold tracking-[0.14em] text-muted uppercase">
            Our approach
          </h3>
          <ol className="mt-6 space-y-5">
            {study.approach.map((step, index) => (
              <li
                key={step.title}
                className="flex gap-5 rounded-2xl border border-line bg-surface p-6"
              >
                <StepNumber number={index + 1} />
                <div>
                  <h4 className="text-lg font-semibold text-ink">{step.title}</h4>
                  <p className="mt-2 leading-[1.6] text-pretty text-muted">{step.detail}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <CaseStudyScreens study={study} />
    </SectionBand>
  );
}

/** The engagement's phases on a line, and the team that ran them. */
export function CaseStudyTimeline({ study }: { study: CaseStudyView }) {
  return (
    <SectionBand id="timeline" tone="muted" labelledBy="timeline-heading">
      <SectionHeading
        id="timeline-heading"
        heading={{
          eyebrow: "Timeline",
          title: `${study.duration}, phase by phase`,
          lead: "What shipped when, and who was on the team.",
        }}
      />
      <div className="mt-12 grid gap-12 lg:grid-cols-12 lg:gap-16">
        <ol className="relative space-y-8 border-l-2 border-accent/25 pl-7 lg:col-span-8">
          {study.timeline.map((phase) => (
            <li key={phase.when} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[35px] size-3 rounded-full bg-accent ring-4 ring-line"
              />
              <p className="text-sm font-semibold tracking-wide text-accent">{phase.when}</p>
              <p className="mt-1 leading-[1.6] text-pretty text-body">{phase.milestone}</p>
            </li>
          ))}
        </ol>
        <div className="rounded-2xl border border-line bg-surface p-6 lg:col-span-4">
          <h3 className="text-sm font-semibold tracking-[0.14em] text-muted uppercase">The team</h3>
          <ul className="mt-4 divide-y divide-line">
            {study.team.map((member) => (
              <li key={member.role} className="flex items-baseline justify-between gap-4 py-2.5">
                <span className="text-body">{member.role}</span>
                <span className="font-semibold text-ink tabular-nums">{member.count}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </SectionBand>
  );
}

/**
 * The product, screen by screen, after the approach on its band (so the bands
 * keep their order): the first across the column, the others two to a row
 * from the large breakpoint up. Below the fold, so each loads lazily.
 */
function CaseStudyScreens({ study }: { study: CaseStudyView }) {
  if (study.screens.length === 0) return null;
  return (
    <section id="screens" aria-labelledby="screens-heading" className="mt-16 md:mt-24">
      <SectionHeading
        id="screens-heading"
        heading={{ eyebrow: "The product", title: `${study.name}, screen by screen` }}
      />
      <ul className="mt-12 grid gap-10 lg:grid-cols-2">
        {study.screens.map(({ picture, caption }, index) => (
          <li key={picture.fallbackSrc} className={index === 0 ? "lg:col-span-2" : undefined}>
            <figure>
              <ResponsiveImage
                picture={picture}
                sizes={
                  index === 0
                    ? "(min-width: 1200px) 1136px, (min-width: 640px) calc(100vw - 4rem), calc(100vw - 2.5rem)"
                    : "(min-width: 1200px) 548px, (min-width: 1024px) calc(50vw - 3.25rem), (min-width: 640px) calc(100vw - 4rem), calc(100vw - 2.5rem)"
                }
                className="block h-auto w-full rounded-2xl border border-line bg-shade"
              />
              {caption && (
                <figcaption className="mt-3 text-[15px] leading-relaxed text-muted">
                  {caption}
                </figcaption>
              )}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The results with their figures, the technologies, and the client's own words. */
export function CaseStudyResults({ study }: { study: CaseStudyView }) {
  return (
    <SectionBand id="results" labelledBy="results-heading">
      <SectionHeading
        id="results-heading"
        heading={{ eyebrow: "Results", title: "What changed, in numbers" }}
      />
      <div className="mt-12 grid gap-10 lg:grid-cols-12 lg:gap-16">
        <div className="lg:col-span-5">
          <HeadlineResult result={study.headlineResult} />
          <ul className="mt-8 space-y-4">
            {study.results.map((result) => (
              <li key={result} className="flex gap-3">
                <span className="mt-1 grid size-5 shrink-0 place-items-center rounded-full bg-ok-wash text-ok">
                  <Icon name="check" className="size-3.5" strokeWidth={2.5} />
                </span>
                <span className="leading-[1.6] text-body">{result}</span>
              </li>
            ))}
          </ul>
          <h3 className="mt-10 text-xs font-semibold tracking-[0.12em] text-muted uppercase">
            Technologies
          </h3>
          <ul className="mt-3 flex flex-wrap gap-2">
            {study.technologies.map((technology) => (
              <li key={technology}>
                <Tag tone="outline" size="md">
                  {technology}
                </Tag>
              </li>
            ))}
          </ul>
        </div>
        {study.testimonial && (
          <div className="lg:col-span-7">
            <TestimonialCard
              testimonial={study.testimonial}
              showProductLink={false}
              stretch={false}
            />
          </div>
        )}
      </div>
    </SectionBand>
  );
}
