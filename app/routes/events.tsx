import type { Route } from "./+types/events";
import { CallToAction } from "~/components/sections/call-to-action";
import { PageHero } from "~/components/sections/page-hero";
import { NextEventDate } from "~/features/events/next-event-date";
import { PastEvents } from "~/features/events/past-events";
import { UpcomingEvents } from "~/features/events/upcoming-events";
import { data } from "react-router";
import { nextEventChangeAt, scheduleAt, toEventCardView } from "~/features/events/events.server";
import { sharedCacheControl, type ServerHandle } from "~/lib/route-handle";
import { getMeta } from "~/site/meta";
import { fixedPageMeta } from "~/site/page-meta.server";
import { requestTime } from "~/load-context";

// Server-rendered on every request, never prerendered: which events are still
// to come depends on the instant the page is served (docs/decisions/030).
export function loader({ context }: Route.LoaderArgs) {
  const now = requestTime(context);
  const { upcoming, past } = scheduleAt(now);
  return data(
    {
      meta: fixedPageMeta.events,
      upcoming: upcoming.map((event) => toEventCardView(event, now)),
      past: past.map((event) => toEventCardView(event, now)),
    },
    { headers: sharedCacheControl(now, nextEventChangeAt(now)) },
  );
}

// Rendered once for everyone until its content next changes (app/lib/route-handle.ts).
export const handle: ServerHandle = { pageCache: { query: {} } };
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => getMeta(loaderData.meta);

/** The page's own copy; the events themselves are in content/events/. */
const copy = {
  hero: {
    eyebrow: "News & Events",
    title: "Talks, workshops and round tables",
    lead: "We run workshops, talks and round tables on product engineering, data and security, online and in our London and Lisbon offices.",
  },
  upcoming: {
    eyebrow: "Upcoming",
    title: "Upcoming events",
    lead: "Times are local to where each event happens, and shown with their time zone. Add any of them to your calendar in one click.",
  },
  past: {
    eyebrow: "Archive",
    title: "Past events",
    lead: "What we have presented recently. Ask us for the slides of any session.",
  },
};

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        heading={copy.hero}
        aside={loaderData.upcoming[0] && <NextEventDate event={loaderData.upcoming[0]} />}
      />
      <UpcomingEvents heading={copy.upcoming} events={loaderData.upcoming} />
      <PastEvents heading={copy.past} events={loaderData.past} />
      <CallToAction
        copy={{
          title: "Want us to speak at your event?",
          lead: "Our engineers and designers talk about the work they ship: payments, clinical trials, factory floors, storefronts. Tell us about your audience.",
          action: "Get in touch",
        }}
      />
    </>
  );
}
