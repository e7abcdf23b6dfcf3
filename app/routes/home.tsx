import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHero } from "../components/sections/page-hero";
import { Button } from "../components/ui/button";
import { siteConfig } from "../config/site";
import { pageMeta } from "../lib/meta";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Digital product engineering and consulting",
    description:
      "Corvanta Digital designs, builds and scales mobile apps, web platforms, data and AI products for FinTech, retail, life sciences and manufacturing.",
  });

export default function HomePage() {
  return (
    <>
      <PageHero
        eyebrow="Digital technology services"
        title={siteConfig.tagline}
        lead="Strategy, design and engineering from one senior team: we take products from first workshop to production and keep them fast, secure and easy to change."
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/contact">
                Start a project
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="inverse">
              <Link to="/portfolio">See our work</Link>
            </Button>
          </>
        }
      />
      <CallToAction />
    </>
  );
}
