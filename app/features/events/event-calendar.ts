import { siteConfig } from "~/config/site";
import { buildCalendar } from "~/features/events/icalendar";
import type { EventFacts } from "~/features/events/registration-view";

/**
 * An event as its calendar file describes it. Both the download at
 * /events/<slug>.ics (from the content) and the file attached to a
 * registration's confirmation e-mail (from the facts the registration desk
 * kept, server/registrations) are written here, so they are the same event
 * with the same UID: importing both updates one calendar entry.
 */
export type CalendarEventFacts = Pick<
  EventFacts,
  | "slug"
  | "title"
  | "summary"
  | "format"
  | "city"
  | "venue"
  | "address"
  | "start"
  | "end"
  | "timeZone"
> &
  Partial<Pick<EventFacts, "agenda" | "speakers">>;

/** The host of the site's e-mail address: the calendar UIDs' domain. */
const uidDomain = siteConfig.email.split("@")[1] ?? "corvanta.example";

/** "Online", or the venue and its address. */
export function eventLocation(event: CalendarEventFacts): string {
  return event.format === "online"
    ? "Online"
    : [event.venue, event.address ?? event.city].filter(Boolean).join(", ");
}

/**
 * The event's iCalendar file. `pageUrl` is the event's page; `now` is the
 * file's DTSTAMP. `registrationUrl` (a partner's sign-up page) and `joinUrl`
 * (an online event's link, for registered people) are added to the
 * description when given.
 */
export function eventCalendarFile(
  event: CalendarEventFacts,
  {
    now,
    pageUrl,
    registrationUrl,
    joinUrl,
    sequence = 0,
    cancelled = false,
  }: {
    now: Date;
    pageUrl: string;
    registrationUrl?: string;
    joinUrl?: string;
    /** SEQUENCE: raised by each "event changed" notice, so calendars take the newer file. */
    sequence?: number;
    /** The file a cancellation sends: the same entry, STATUS:CANCELLED. */
    cancelled?: boolean;
  },
): string {
  const description = [
    event.summary,
    event.agenda?.length
      ? `Agenda (${event.timeZone} time):\n${event.agenda.map((slot) => `${slot.time}  ${slot.item}`).join("\n")}`
      : "",
    event.speakers?.length
      ? `Speakers:\n${event.speakers.map((speaker) => `${speaker.name} (${speaker.role}, ${speaker.organisation})`).join("\n")}`
      : "",
    joinUrl ? `Join online: ${joinUrl}` : "",
    registrationUrl ? `Register: ${registrationUrl}` : "",
    `Details: ${pageUrl}`,
  ].filter(Boolean);
  return buildCalendar({
    uid: `event-${event.slug}@${uidDomain}`,
    sequence,
    stamp: now,
    start: event.start,
    end: event.end,
    timeZone: event.timeZone,
    summary: event.title,
    description: description.join("\n\n"),
    location: eventLocation(event),
    url: pageUrl,
    productId: { company: siteConfig.name, product: "Events" },
    cancelled,
  });
}
