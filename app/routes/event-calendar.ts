import type { Route } from "./+types/event-calendar";
import { eventCalendar, findEvent } from "~/features/events/events.server";
import { appContextOf, requestTime } from "~/load-context";

// GET /events/<slug>.ics: the event as an iCalendar file for calendar apps.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const event = findEvent(params.slug);
  if (!event) {
    return new Response("Not found: there is no event at this address.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // The revision the last "event changed" notice sent, so a download after it is not older than
  // the file in people's mail. If the database cannot say, revision 0: the event's own file.
  const { eventRegistration, logError } = appContextOf(context);
  const sequence = eventRegistration
    ? await eventRegistration.calendarSequence(event.slug).catch((error: unknown) => {
        logError?.(error, { method: "GET", path: new URL(request.url).pathname });
        return 0;
      })
    : 0;
  const body = eventCalendar(event, {
    now: requestTime(context),
    origin: new URL(request.url).origin,
    sequence,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${event.slug}.ics"`,
    },
  });
}
