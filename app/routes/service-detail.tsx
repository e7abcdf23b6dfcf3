import { Icon } from "../components/ui/icon";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/service-detail";
import { CallToAction } from "../components/sections/call-to-action";
import { CaseOutcome } from "../components/sections/case-outcome";
import { FaqList } from "../components/sections/faq-list";
import { OverviewSection } from "../components/sections/overview-section";
import { ProcessSteps } from "../components/sections/process-steps";
import { RelatedServices } from "../components/sections/related-services";
import { ServiceHero } from "../components/sections/service-hero";
import { ServiceOfferings } from "../components/sections/service-offerings";
import { TechnologyList } from "../components/sections/technology-list";
import { Button } from "../components/ui/button";
import { serviceRedirectTarget, servicePath } from "../config/services";
import { servicePage } from "../content/services.server";
import { breadcrumbJsonLd, serviceJsonLd } from "../lib/json-ld";
import { getMeta } from "../lib/meta";

export function loader({ params, request }: Route.LoaderArgs) {
  // The footer's /services/cybersecurity is kept as the spec gives it and
  // redirects permanently to the header's id (docs/decisions/002), query kept.
  const redirectTo = serviceRedirectTarget(params.serviceId);
  if (redirectTo) throw redirect(`${servicePath(redirectTo)}${new URL(request.url).search}`, 301);

  const page = servicePage(params.serviceId);
  if (!page) throw data(null, { status: 404 });
  const path = servicePath(page.id);
  // Built here, so the JSON-LD builders stay on the server (issue 6).
  const jsonLd = [
    serviceJsonLd({ name: page.label, description: page.metaDescription, path }),
    breadcrumbJsonLd([
      { name: "Home", path: "/" },
      { name: page.label, path },
    ]),
  ];
  return { page, jsonLd };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  const path = servicePath(page.id);
  return getMeta({
    title: page.label,
    description: page.metaDescription,
    path,
    jsonLd: loaderData.jsonLd,
  });
};

export default function ServiceDetailPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const contactHref = `/contact?service=${page.id}`;
  return (
    <>
      <ServiceHero
        serviceId={page.id}
        title={page.label}
        lead={page.promise}
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
      <OverviewSection title={page.overview.title} paragraphs={page.overview.paragraphs} />
      <ServiceOfferings offerings={page.offerings} />
      <ProcessSteps steps={page.process} />
      <CaseOutcome
        product={page.outcomeProduct}
        title={page.outcome.title}
        summary={page.outcome.summary}
      />
      <TechnologyList groups={page.technologies} />
      <FaqList
        faqs={page.faqs}
        tone="muted"
        aside={
          <p>
            Something we have not covered?{" "}
            <Link
              to={contactHref}
              className="font-semibold text-accent underline underline-offset-4 hover:text-accent-600"
            >
              Ask us directly
            </Link>
            , and a senior specialist will answer within one business day.
          </p>
        }
      />
      <RelatedServices services={page.related} />
      <CallToAction
        className="pt-0 md:pt-0"
        title={`Talk to us about ${page.label}`}
        href={contactHref}
        label="Discuss your project"
      />
    </>
  );
}
