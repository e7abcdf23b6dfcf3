import type { Route } from "./+types/portfolio";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHero } from "../components/sections/page-hero";
import { getMeta } from "../lib/meta";
import { staticPages } from "../config/pages";

export const meta: Route.MetaFunction = () => getMeta(staticPages.portfolio);

export default function PortfolioPage() {
  return (
    <>
      <PageHero
        eyebrow="Portfolio"
        title="Products we have built, and what they changed"
        lead="Eight products across five industries, from real-time payment reconciliation to predictive maintenance on the factory floor."
      />
      <CallToAction title="Want results like these?" />
    </>
  );
}
