import type { Route } from "./+types/event-calendar";
import { eventCalendar, findEvent } from "~/features/events/events.server";
import { requestTime } from "~/lib/request-clock";

// GET /events/<slug>.ics: the event as an iCalendar file for calendar apps.
export function loader({ params, request, context }: Route.LoaderArgs) {
  const event = findEvent(params.slug);
  if (!event) {
    return new Response("Not found: there is no event at this address.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const body = eventCalendar(event, {
    now: requestTime(context),
    origin: new URL(request.url).origin,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${event.slug}.ics"`,
    },
  });
}
