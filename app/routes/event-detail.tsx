import { notFound } from "~/site/not-found.server";
import { eventPath, eventRegistrationPath, socialCardPath, paths } from "~/config/paths";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/event-detail";
import { CallToAction } from "~/components/sections/call-to-action";
import { EventDetails } from "~/features/events/event-details";
import { CoverImage } from "~/components/sections/cover-image";
import { PageHero } from "~/components/sections/page-hero";
import { EventActions, EventFacts } from "~/features/events/event-parts";
import { eventKinds } from "~/features/events/event-view";
import { findEvent, toEventFacts, toEventView } from "~/features/events/events.server";
import {
  readRegistrationAnswer,
  registrationAnswerParam,
  registrationAnswers,
  registrationAnswerPath,
} from "~/features/events/registration-fields";
import { registrationCopyFor } from "~/features/events/registration-copy.server";
import {
  RegistrationSection,
  SeatDot,
  type EventRegistration,
} from "~/features/events/registration-section";
import { registrationState, takesRegistrations } from "~/features/events/registration-view";
import { keepRetryAfter, refusedPost } from "~/lib/forms/answer";
import { completeLeadSource } from "~/lib/forms/lead-source";
import { fixedPages } from "~/config/pages";
import { absoluteUrl } from "~/config/site-url";
import { breadcrumbJsonLd, eventJsonLd } from "~/site/json-ld";
import { getMeta } from "~/site/meta";
import { Tag } from "~/components/ui/tag";
import { formatDateTime, isoWithOffset } from "~/lib/zoned-time";
import { sharedCacheControl, type ServerHandle } from "~/lib/route-handle";
import { appContextOf, requestTime, readFormPost } from "~/load-context";

// One event's page, server-rendered like the list: its seats are read from
// the database for every request it serves, and its registration closes at
// the closing time or the start (docs/decisions/034). Unknown slugs are 404
// (docs/decisions/032).
export const handle: ServerHandle = {
  pageCache: {
    query: { [registrationAnswerParam]: registrationAnswers },
  },
};

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const entry = findEvent(params.slug);
  if (!entry) throw notFound();
  const now = requestTime(context);
  const view = toEventView(entry, now);
  const facts = toEventFacts(entry);
  const desk = appContextOf(context).eventRegistration;
  const counts =
    desk && view.registration.at === "site"
      ? await desk.seats(entry.slug).catch((error: unknown) => {
          // The page still serves the event, without the count.
          appContextOf(context).logError?.(error, { method: "GET", path: eventPath(entry.slug) });
          return null;
        })
      : null;
  const state = registrationState(
    { ...facts, registrationUrl: entry.registrationUrl },
    counts,
    now,
  );
  const closesAt =
    entry.closesAt < entry.startsAt ? formatDateTime(entry.closesAt, entry.timeZone) : null;
  const answer = readRegistrationAnswer(new URL(request.url));
  const registration: EventRegistration = {
    state,
    questions: facts.questions,
    closesAt,
    answer,
    text: registrationCopyFor({ state, answer, event: view, closesAt }),
  };
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
      offer:
        state.kind === "partner"
          ? { url: state.url, soldOut: false }
          : takesRegistrations(state)
            ? {
                url: absoluteUrl(eventRegistrationPath(view.slug)),
                soldOut: state.kind === "waiting-list",
              }
            : undefined,
    }),
    breadcrumbJsonLd([
      { name: "Home", path: paths.home },
      { name: "Events", path: fixedPages.events.path },
      { name: view.title, path },
    ]),
  ];
  // Only time changes the page (at its closing time, start and end) besides
  // its seat counts, so it may be rendered once until then: the server reads
  // the seats again for every request and renders anew when they changed
  // (docs/decisions/034, 063). Its form fetches its own token (decision 051).
  // The answer to a post is rendered per request.
  // A made-up answer in the address is a page of its own, not worth keeping.
  const cacheable =
    answer === null && !new URL(request.url).searchParams.has(registrationAnswerParam);
  return data(
    { event: view, registration, jsonLd },
    cacheable
      ? { headers: sharedCacheControl(now, entry.closesAt, entry.startsAt, entry.endsAt) }
      : undefined,
  );
}

// The registration form's post: with JavaScript to /events/<slug>.data, without it
// to the page. Stored, it redirects (303) to the page's answer; otherwise the
// form comes back with its errors or message.
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readFormPost(request, context);
  const source = form ? completeLeadSource(form, request) : undefined;
  const entry = findEvent(params.slug);
  if (!entry || entry.registrationUrl) throw notFound();
  const { eventRegistration } = appContextOf(context);
  if (!eventRegistration) {
    throw data("Registration needs the site’s own server (npm start).", { status: 503 });
  }
  const outcome = await eventRegistration.register(toEventFacts(entry), form);
  // The registration is committed; only now is the visitor told so.
  if (outcome.kind === "registered") {
    return redirect(registrationAnswerPath(entry.slug, outcome.status), 303);
  }
  // The form comes back: with a fresh token for its next post (decision 051).
  return refusedPost({ ...outcome, formToken: eventRegistration.issueToken(), source }, [
    "duplicate",
    "closed",
  ]);
}

// A document post answered 429 or 503 keeps the action's Retry-After;
// otherwise the loader's headers (the render cache's, when it set one).
export const headers: Route.HeadersFunction = keepRetryAfter;

export const meta: Route.MetaFunction = ({ loaderData }) => {
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
  const { event, registration } = loaderData;
  const { state } = registration;
  return (
    <>
      <PageHero
        heading={{
          eyebrow: event.status === "past" ? "Past event" : `Events · ${eventKinds[event.kind]}`,
          title: event.title,
          lead: (
            <>
              <EventFacts event={event} inverse size="large" className="mt-1" />
              {state.kind === "ended" ? (
                <span className="mt-4 block text-base text-mist">
                  This event has taken place.{" "}
                  <Link to={paths.contact} className="text-signal underline underline-offset-4">
                    Ask us for the slides
                  </Link>
                  , or{" "}
                  <Link to={paths.events} className="text-signal underline underline-offset-4">
                    see what is coming up next
                  </Link>
                  .
                </span>
              ) : (
                state.kind !== "partner" && (
                  <Tag tone="inverse" size="md" className="mt-5">
                    <SeatDot state={state} className="size-2" />
                    {registration.text.seats.label}
                  </Tag>
                )
              )}
            </>
          ),
        }}
        actions={
          <EventActions
            event={event}
            inverse
            className="w-full"
            registerLabel={state.kind === "waiting-list" ? "Join the waiting list" : "Register"}
          />
        }
      />
      {event.coverImage && <CoverImage picture={event.coverImage} />}
      <EventDetails event={event} />
      <RegistrationSection event={event} registration={registration} />
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
