import { notFound } from "~/site/not-found.server";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/event-cancel";
import { SiteEmailLink } from "~/components/forms/form-parts";
import { PageHero } from "~/components/sections/page-hero";
import { SectionBand } from "~/components/sections/section";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { eventCancelPath, eventPath, eventRegistrationPath, paths } from "~/config/paths";
import { EventFacts } from "~/features/events/event-parts";
import { findEvent, toEventFacts, toEventView } from "~/features/events/events.server";
import {
  cancelTokenField,
  registrationAnswerPath,
  type CancellationCheck,
  type CancellationOutcome,
} from "~/features/events/registration-fields";
import { getMeta } from "~/site/meta";
import { appContextOf, requestTime, readFormPost } from "~/load-context";

// Cancelling a registration from the link in its e-mail: the GET only shows
// what the link's token names (mail scanners open links), the POST cancels.
// Kept out of search results and the sitemap (docs/decisions/034).

type CancelPageState =
  | CancellationCheck
  | { kind: "closed" }
  /** No registration desk, or its database did not answer in time. */
  | { kind: "unavailable" };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const entry = findEvent(params.slug);
  if (!entry) throw notFound();
  const now = requestTime(context);
  const token = new URL(request.url).searchParams.get(cancelTokenField);
  const desk = appContextOf(context).eventRegistration;
  const check: CancelPageState = !desk
    ? { kind: "unavailable" }
    : now >= entry.startsAt
      ? { kind: "closed" }
      : await desk.checkCancellation(toEventFacts(entry), token).catch((error: unknown) => {
          appContextOf(context).logError?.(error, {
            method: "GET",
            path: eventCancelPath(entry.slug),
          });
          return { kind: "unavailable" } as const;
        });
  return data(
    { event: toEventView(entry, now), check, token: check.kind === "valid" ? token : null },
    { status: check.kind === "invalid" ? 400 : check.kind === "unavailable" ? 503 : 200 },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readFormPost(request, context);
  const entry = findEvent(params.slug);
  if (!entry) throw notFound();
  const { eventRegistration } = appContextOf(context);
  if (!eventRegistration) {
    throw data("Cancelling needs the site’s own server (npm start).", { status: 503 });
  }
  const outcome = await eventRegistration.cancel(toEventFacts(entry), form);
  if (outcome.kind === "cancelled") {
    return redirect(registrationAnswerPath(entry.slug, "cancelled"), 303);
  }
  return data(outcome, {
    status: outcome.kind === "invalid" ? 400 : outcome.kind === "unavailable" ? 503 : 409,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? getMeta({
        title: `Cancel your registration: ${loaderData.event.title}`,
        description: `Cancel your place at ${loaderData.event.title}, with the link from your confirmation e-mail.`,
        path: eventCancelPath(loaderData.event.slug),
        noindex: true,
      })
    : [];

export default function EventCancelPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, check, token } = loaderData;
  const outcome = actionData as Exclude<CancellationOutcome, { kind: "cancelled" }> | undefined;
  return (
    <>
      <PageHero
        heading={{
          eyebrow: "Events · Your registration",
          title: "Cancel your registration",
          lead: (
            <>
              <Link
                to={eventPath(event.slug)}
                className="font-semibold text-white underline decoration-white/30 underline-offset-4 hover:decoration-white"
              >
                {event.title}
              </Link>
              <EventFacts event={event} inverse size="large" className="mt-4" />
            </>
          ),
        }}
      />
      <SectionBand tone="muted" labelledBy="cancel-heading">
        <Card className="max-w-3xl px-5 py-8 shadow-sm shadow-night/[0.03] sm:p-10">
          {outcome ? (
            <EndView kind={outcome.kind} slug={event.slug} />
          ) : (
            <CheckView check={check} token={token} slug={event.slug} />
          )}
        </Card>
      </SectionBand>
    </>
  );
}

function CheckView({
  check,
  token,
  slug,
}: {
  check: CancelPageState;
  token: string | null;
  slug: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  switch (check.kind) {
    case "valid":
      return (
        <div>
          <Heading>
            {check.status === "waiting" ? "Leave the waiting list?" : "Cancel your place?"}
          </Heading>
          <p className="mt-4 max-w-[60ch] text-lg leading-relaxed text-muted">
            {check.status === "waiting"
              ? "You are on the waiting list for this event. If you leave it, we will not e-mail you when a place comes free."
              : "Your place at this event is confirmed. If you cancel, it goes to the first person on the waiting list, and you can register again later only while places remain."}
          </p>
          <Form method="post" className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <input type="hidden" name={cancelTokenField} value={token ?? ""} />
            <Button type="submit" aria-disabled={pending || undefined}>
              {pending ? (
                <>
                  <Icon name="loader-circle" className="motion-safe:animate-spin" />
                  Cancelling…
                </>
              ) : check.status === "waiting" ? (
                "Leave the waiting list"
              ) : (
                "Cancel my place"
              )}
            </Button>
            <Button asChild variant="secondary">
              <Link to={eventPath(slug)}>
                {check.status === "waiting" ? "Stay on the list" : "Keep my place"}
              </Link>
            </Button>
          </Form>
          <p role="status" className="sr-only">
            {pending ? "Cancelling…" : ""}
          </p>
        </div>
      );
    default:
      return <EndView kind={check.kind} slug={slug} />;
  }
}

/**
 * Every answer but a cancellation form, whether the link's check (GET) or the
 * post gave it: nothing (more) to cancel, not now, or a link that names nothing.
 */
function EndView({
  kind,
  slug,
}: {
  kind: Exclude<CancelPageState["kind"] | CancellationOutcome["kind"], "valid" | "cancelled">;
  slug: string;
}) {
  switch (kind) {
    case "already-cancelled":
      return <AlreadyCancelled slug={slug} />;
    case "closed":
      return <Started slug={slug} />;
    case "unavailable":
      return <Unavailable />;
    default:
      return <InvalidLink />;
  }
}

function Unavailable() {
  return (
    <div>
      <Heading>We cannot cancel your place just now</Heading>
      <p className="mt-4 max-w-[60ch] text-lg leading-relaxed text-muted">
        Nothing has changed yet. Please open the link from your e-mail again in a few minutes, or
        write to us at <SiteEmailLink /> and we will cancel your place.
      </p>
    </div>
  );
}

function Heading({ children }: { children: string }) {
  return (
    <h2 id="cancel-heading" className="text-title font-semibold">
      {children}
    </h2>
  );
}

function AlreadyCancelled({ slug }: { slug: string }) {
  return (
    <div>
      <Heading>This registration is already cancelled</Heading>
      <p className="mt-4 max-w-[60ch] text-lg leading-relaxed text-muted">
        There is nothing more to do. Changed your mind? Register again while places remain.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button asChild>
          <Link to={eventRegistrationPath(slug)}>Register again</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.events}>See all events</Link>
        </Button>
      </div>
    </div>
  );
}

function Started({ slug }: { slug: string }) {
  return (
    <div>
      <Heading>This event has started</Heading>
      <p className="mt-4 max-w-[60ch] text-lg leading-relaxed text-muted">
        Registrations can no longer be cancelled. If you could not come, there is nothing you need
        to do.
      </p>
      <Button asChild variant="secondary" className="mt-8">
        <Link to={eventPath(slug)}>Back to the event</Link>
      </Button>
    </div>
  );
}

function InvalidLink() {
  return (
    <div>
      <Heading>This cancellation link does not work</Heading>
      <p className="mt-4 max-w-[60ch] text-lg leading-relaxed text-muted">
        It may have been copied only in part. Open the link in your confirmation e-mail again, or
        write to us at <SiteEmailLink /> and we will cancel your place.
      </p>
    </div>
  );
}
