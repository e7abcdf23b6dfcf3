import { notFound } from "~/site/not-found.server";
import { servicePath, paths, contactPath } from "~/config/paths";
import { Icon } from "~/components/ui/icon";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/service-detail";
import { CallToAction } from "~/components/sections/call-to-action";
import { CaseOutcome } from "~/features/services/case-outcome";
import { FaqList } from "~/features/services/faq-list";
import { OverviewSection } from "~/features/services/overview-section";
import { ProcessSteps } from "~/features/services/process-steps";
import { ServiceGrid } from "~/features/services/service-grid";
import { ServiceHero } from "~/features/services/service-hero";
import { ServiceOfferings } from "~/features/services/service-offerings";
import { TechnologyList } from "~/features/services/technology-list";
import { Button } from "~/components/ui/button";
import { serviceRedirectTarget } from "~/config/services";
import { servicePage } from "~/features/services/services.server";
import { breadcrumbJsonLd, serviceJsonLd } from "~/site/json-ld";
import { getMeta } from "~/site/meta";

export function loader({ params, request }: Route.LoaderArgs) {
  // The footer's /services/cybersecurity is kept as the spec gives it and
  // redirects permanently to the header's id (docs/decisions/002), query kept.
  const redirectTo = serviceRedirectTarget(params.serviceId);
  if (redirectTo) throw redirect(`${servicePath(redirectTo)}${new URL(request.url).search}`, 301);

  const page = servicePage(params.serviceId);
  if (!page) throw notFound();
  const path = servicePath(page.id);
  // Built here, so the JSON-LD builders stay on the server (issue 6).
  const jsonLd = [
    serviceJsonLd({ name: page.name, description: page.metaDescription, path }),
    breadcrumbJsonLd([
      { name: "Home", path: paths.home },
      { name: page.name, path },
    ]),
  ];
  return { page, jsonLd };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  const path = servicePath(page.id);
  return getMeta({
    title: page.name,
    description: page.metaDescription,
    path,
    jsonLd: loaderData.jsonLd,
  });
};

export default function ServiceDetailPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const contactHref = contactPath(page.id);
  return (
    <>
      <ServiceHero
        proof={page.outcomeProduct}
        heading={{ eyebrow: "Services", title: page.name, lead: page.promise }}
        actions={
          <>
            <Button asChild size="lg">
              <Link to={contactHref}>
                Discuss your project
                <Icon name="arrow-right" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="inverse">
              <a href="#outcome">See the results</a>
            </Button>
          </>
        }
      />
      <OverviewSection
        heading={{ eyebrow: "Overview", title: page.overview.title }}
        paragraphs={page.overview.paragraphs}
      />
      <ServiceOfferings
        heading={{ eyebrow: "Offerings", title: "What we deliver" }}
        offerings={page.offerings}
      />
      <ProcessSteps heading={{ eyebrow: "Process", title: "How we work" }} steps={page.process} />
      <CaseOutcome
        heading={{
          eyebrow: `Case study: ${page.outcomeProduct.name}`,
          title: page.outcome.title,
          lead: page.outcome.summary,
        }}
        product={page.outcomeProduct}
      />
      <TechnologyList
        heading={{ eyebrow: "Stack", title: "Technologies we use" }}
        groups={page.technologies}
      />
      <FaqList
        heading={{ eyebrow: "FAQs", title: "Questions clients ask" }}
        faqs={page.faqs}
        tone="muted"
        aside={
          <p>
            Something we have not covered?{" "}
            <Link
              to={contactHref}
              className="font-semibold text-accent underline underline-offset-4 hover:text-accent-strong"
            >
              Ask us directly
            </Link>
            , and a senior specialist will answer within 1 business day.
          </p>
        }
      />
      <ServiceGrid
        id="related"
        heading={{ eyebrow: "Keep exploring", title: "Related services" }}
        services={page.related}
      />
      <CallToAction
        className="pt-0 md:pt-0"
        copy={{ title: `Talk to us about ${page.name}`, action: "Discuss your project" }}
        href={contactHref}
      />
    </>
  );
}
