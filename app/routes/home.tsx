import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHero } from "../components/sections/page-hero";
import { Button } from "../components/ui/button";
import { siteConfig } from "../config/site";
import { getMeta } from "../lib/meta";
import { staticPages } from "../config/pages";

export const meta: Route.MetaFunction = () => getMeta(staticPages.home);

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
