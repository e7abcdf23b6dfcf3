import type { Route } from "./+types/events";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHero } from "../components/sections/page-hero";
import { getMeta } from "../lib/meta";
import { staticPages } from "../config/pages";

export const meta: Route.MetaFunction = () => getMeta(staticPages.events);

export default function EventsPage() {
  return (
    <>
      <PageHero
        eyebrow="News & Events"
        title="Meet the team behind the work"
        lead="We run workshops, talks and round tables on product engineering, data and security, online and in our London and Lisbon offices."
      />
      <CallToAction title="Want us to speak at your event?" label="Get in touch" />
    </>
  );
}
