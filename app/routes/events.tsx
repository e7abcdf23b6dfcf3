import type { Route } from "./+types/events";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHero } from "../components/sections/page-hero";
import { pageMeta } from "../lib/meta";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Events",
    description:
      "Talks, workshops and meet-ups from Corvanta Digital, online and in person: upcoming dates to register for and recordings of past events.",
  });

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
