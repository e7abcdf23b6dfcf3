import type { Route } from "./+types/about";
import { CallToAction } from "../components/sections/call-to-action";
import { ContentSection } from "../components/sections/content-section";
import { PageHero } from "../components/sections/page-hero";
import { getMeta } from "../lib/meta";
import { staticPages } from "../config/pages";

export const meta: Route.MetaFunction = () => getMeta(staticPages.about);

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="A senior team that builds what it designs"
        lead="Corvanta Digital brings strategists, designers and engineers together in small teams that own a product from the first workshop to the day it scales."
      />
      <ContentSection
        id="vision"
        eyebrow="Our vision"
        title="Software that earns its place in the business"
      >
        <p>
          We want every product we ship to pay for itself: measured against a business outcome
          agreed on day one, built to be changed safely, and handed over to teams who understand it.
        </p>
      </ContentSection>
      <ContentSection
        id="leadership"
        eyebrow="Leadership"
        title="The people accountable for your project"
        tone="muted"
      >
        <p>
          Our leaders still work on client projects. Each engagement has a named partner who joins
          the kick-off, reviews the delivery plan and answers for the outcome.
        </p>
      </ContentSection>
      <ContentSection
        id="csr"
        eyebrow="Commitment to Society"
        title="Skills, access and a lighter footprint"
      >
        <p>
          We teach coding in schools near our offices, publish the tools we build as open source,
          test everything we ship against WCAG 2.2 AA, and measure the carbon cost of the cloud
          systems we run.
        </p>
      </ContentSection>
      {/* The section above is white too: one gap between them, not two. */}
      <CallToAction className="pt-0 md:pt-0" />
    </>
  );
}
