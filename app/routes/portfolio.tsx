import type { Route } from "./+types/portfolio";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHero } from "../components/sections/page-hero";
import { pageMeta } from "../lib/meta";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Portfolio",
    description:
      "Products Corvanta Digital has designed and built for FinTech, retail, life sciences, manufacturing and startup clients, with the results they delivered.",
  });

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
