import { eventPath, socialCardPath, paths } from "~/config/paths";
import { data, Link } from "react-router";
import type { Route } from "./+types/event-detail";
import { CallToAction } from "~/components/sections/call-to-action";
import { EventDetails } from "~/features/events/event-details";
import { PageHero } from "~/components/sections/page-hero";
import { EventActions, EventFacts } from "~/features/events/event-parts";
import { eventKinds } from "~/features/events/event-view";
import { findEvent, toEventView } from "~/features/events/events.server";
import { fixedPages } from "~/config/pages";
import { absoluteUrl } from "~/config/site-url";
import { breadcrumbJsonLd, eventJsonLd } from "~/site/json-ld";
import { getMeta } from "~/site/meta";
import { isoWithOffset } from "~/features/events/zoned-time";
import { requestTime } from "~/lib/request-clock";
import { renderCacheUntil } from "~/lib/render-cache";

// One event's page, server-rendered per request like the list: its
// registration closes when it starts. Unknown slugs are 404 (docs/decisions/032).
export function loader({ params, context }: Route.LoaderArgs) {
  const event = findEvent(params.slug);
  if (!event) throw data(null, { status: 404 });
  const now = requestTime(context);
  const view = toEventView(event, now);
  const path = eventPath(view.slug);
  // Built here, so the JSON-LD builders stay on the server (issue 6).
  const jsonLd = [
    eventJsonLd({
      name: view.title,
      description: view.summary,
      path,
      startDate: isoWithOffset(new Date(view.startsAt), view.timeZone),
      endDate: isoWithOffset(new Date(view.endsAt), view.timeZone),
      location:
        view.format === "online"
          ? { kind: "online", url: absoluteUrl(path) }
          : {
              kind: "in-person",
              venue: view.venue ?? view.city ?? "",
              city: view.city ?? "",
              address: view.address,
            },
      image: socialCardPath(path),
      registrationUrl: view.registrationUrl,
      upcoming: view.status === "upcoming",
    }),
    breadcrumbJsonLd([
      { name: "Home", path: paths.home },
      { name: "Events", path: fixedPages.events.path },
      { name: view.title, path },
    ]),
  ];
  // Its one change in time: at its start it becomes past. An event page that
  // shows per-request data (live seat counts) leaves the header out, or puts
  // that data in per response (docs/decisions/063).
  return data({ event: view, jsonLd }, { headers: renderCacheUntil(now, event.startsAt) });
}

// Rendered at most once until its content next changes (app/lib/render-cache.ts).
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [];
  const { event } = loaderData;
  const path = eventPath(event.slug);
  const description = describe(event);
  return getMeta({
    title: event.title,
    description,
    path,
    jsonLd: loaderData.jsonLd,
  });
};

/** "Workshop, online, Thu 11 February 2027, 14:00–17:00 GMT. <the summary's opening>" within 160 characters. */
function describe(event: Route.ComponentProps["loaderData"]["event"]): string {
  const where = event.format === "online" ? "online" : `in ${event.city}`;
  const text = `${eventKinds[event.kind]} ${where}, ${event.when}. ${event.summary}`;
  if (text.length <= 160) return text;
  return `${text.slice(0, 157).replace(/\s+\S*$/, "")}…`;
}

export default function EventDetailPage({ loaderData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <>
      <PageHero
        heading={{
          eyebrow: event.status === "past" ? "Past event" : `Events · ${eventKinds[event.kind]}`,
          title: event.title,
          lead: (
            <>
              <EventFacts event={event} inverse size="large" className="mt-1" />
              {event.status === "past" && (
                <span className="mt-4 block text-base text-slate-300">
                  This event has taken place.{" "}
                  <Link to={paths.contact} className="text-cyan-300 underline underline-offset-4">
                    Ask us for the slides
                  </Link>
                  , or{" "}
                  <Link to={paths.events} className="text-cyan-300 underline underline-offset-4">
                    see what is coming up next
                  </Link>
                  .
                </span>
              )}
            </>
          ),
        }}
        actions={<EventActions event={event} inverse className="w-full" />}
      />
      <EventDetails event={event} />
      <CallToAction
        copy={{
          title: "Want us to run this session for your team?",
          lead: "Most of our talks and workshops can be run privately, on site or online, for your product, engineering or operations teams.",
          action: "Get in touch",
        }}
      />
    </>
  );
}
