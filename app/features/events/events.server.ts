import { eventPath } from "~/config/paths";
import { z } from "zod";
import { siteConfig } from "~/config/site";
import { buildCalendar } from "~/features/events/icalendar";
import {
  dateTileParts,
  formatDateTimeRange,
  isValidTimeZone,
  parseWallClock,
  wallClockToInstant,
} from "~/features/events/zoned-time";
import { type RawFiles, loadCollection } from "~/lib/content/collection";
import {
  eventFormats,
  eventKinds,
  type EventKind,
  type EventView,
} from "~/features/events/event-view";
import { lineField, missingDateReason, serviceIdField, slugField } from "~/lib/content/fields";
import { contentFiles } from "~/lib/content/content-files.server";

/**
 * Events (content/events/<slug>.yaml): talks, workshops and meet-ups, each
 * dated in the local time of where it happens plus that place's IANA zone.
 * Whether an event is upcoming is decided per request from the current
 * instant (see `scheduleAt`), never at build time. docs/decisions/030.
 */

const wallClockField = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
    "must be a local date-time written YYYY-MM-DDTHH:mm, e.g. 2027-03-18T09:30",
  )
  .superRefine((value, context) => {
    if (parseWallClock(value)) return;
    const [year, month, day, hour, minute] = value.split(/[-T:]/).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const reason =
      missingDateReason(year, month, day) ??
      (hour > 23 ? `there is no hour ${hour}` : `there is no minute ${minute}`);
    context.addIssue({ code: "custom", message: `${value} does not exist: ${reason}` });
  });

const agendaTimeField = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "must be a local time written HH:mm, e.g. 09:30");

const eventFields = z
  .object({
    /** The file's name without .yaml; the event's address and calendar UID. */
    slug: slugField,
    title: lineField(110),
    kind: z.enum(Object.keys(eventKinds) as [EventKind, ...EventKind[]]),
    /** Local wall-clock start and end where the event happens. */
    start: wallClockField,
    end: wallClockField,
    /** IANA name, e.g. Europe/London; online events use the host's zone. */
    timeZone: z.string().refine(isValidTimeZone, {
      error: (issue) =>
        `must be an IANA time zone such as Europe/London, got ${String(issue.input)}`,
    }),
    format: z.enum(eventFormats),
    city: lineField(60).optional(),
    venue: lineField(120).optional(),
    address: lineField(160).optional(),
    summary: lineField(600),
    agenda: z
      .array(z.object({ time: agendaTimeField, item: lineField(160) }).strict())
      .min(2)
      .optional(),
    speakers: z
      .array(
        z
          .object({ name: lineField(80), role: lineField(80), organisation: lineField(80) })
          .strict(),
      )
      .min(1)
      .optional(),
    /** Where people sign up; leave it out and the page offers "Register interest". */
    registrationUrl: z.url({ protocol: /^https$/, error: "must be an https:// URL" }).optional(),
    services: z.array(serviceIdField).min(1).max(4),
    tags: z.array(lineField(30)).max(5).default([]),
  })
  .strict();

export const eventSchema = eventFields.superRefine((event, context) => {
  const problem = (path: (string | number)[], message: string) =>
    context.addIssue({ code: "custom", path, message });

  if (event.format === "in-person") {
    if (!event.city) problem(["city"], "is required for an in-person event");
    if (!event.venue) problem(["venue"], "is required for an in-person event");
  } else if (event.venue || event.address) {
    problem([event.venue ? "venue" : "address"], "an online event has no venue or address");
  }
  if (!event.agenda && !event.speakers) {
    problem(["agenda"], "give an agenda, speakers, or both");
  }

  // Only a real date-time in a real zone has an instant; the fields' own
  // checks have reported anything else once already.
  const instant = (field: "start" | "end") => {
    if (!isValidTimeZone(event.timeZone) || !parseWallClock(event[field])) return undefined;
    try {
      return wallClockToInstant(event[field], event.timeZone);
    } catch (error) {
      problem([field], (error as Error).message);
      return undefined;
    }
  };
  const startsAt = instant("start");
  const endsAt = instant("end");
  if (startsAt && endsAt && endsAt <= startsAt) {
    problem(["end"], `must be after start (${event.start}), got ${event.end}`);
  }

  // Agenda times are local to the event: in order, and within a one-day event's hours.
  const sameDay = event.start.slice(0, 10) === event.end.slice(0, 10);
  let previous = "";
  event.agenda?.forEach(({ time }, index) => {
    if (time < previous) problem(["agenda", index, "time"], `must not be before ${previous}`);
    if (sameDay && (time < event.start.slice(11) || time >= event.end.slice(11))) {
      problem(
        ["agenda", index, "time"],
        `must fall between start (${event.start.slice(11)}) and end (${event.end.slice(11)})`,
      );
    }
    previous = time;
  });
});

export type EventEntry = z.output<typeof eventSchema> & {
  sourcePath: string;
  startsAt: Date;
  endsAt: Date;
};

const files = contentFiles("content/events");

/** Validates the event files; exported so tests can feed it broken ones. */
export function loadEvents(raw: RawFiles): EventEntry[] {
  const collection = loadCollection({ files: raw, schema: eventSchema, nameField: "slug" });
  const entries = collection.map((entry) => {
    return {
      ...entry,
      startsAt: wallClockToInstant(entry.start, entry.timeZone),
      endsAt: wallClockToInstant(entry.end, entry.timeZone),
    };
  });
  return entries.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Every event, soonest first. */
export const events: readonly EventEntry[] = loadEvents(files);

export function findEvent(slug: string): EventEntry | undefined {
  return events.find((event) => event.slug === slug);
}

/** An event has passed once it has started: from then on it is no longer open to sign up. */
export function isPast(event: EventEntry, now: Date): boolean {
  return event.startsAt.getTime() <= now.getTime();
}

/**
 * The events page's two lists at an instant: upcoming soonest first, then
 * past newest first.
 */
export function scheduleAt(now: Date, all: readonly EventEntry[] = events) {
  const upcoming = all.filter((event) => !isPast(event, now));
  const past = all.filter((event) => isPast(event, now)).reverse();
  return { upcoming, past };
}

/** The next event to start after `now`, for the home page. */
export function nextEventAt(now: Date, all: readonly EventEntry[] = events) {
  return scheduleAt(now, all).upcoming[0];
}

/**
 * When what any page shows of the events changes next after `now`: the next
 * start, which moves an event from upcoming to past (the render cache's expiry,
 * app/lib/render-cache.ts).
 */
export function nextEventChangeAt(now: Date, all: readonly EventEntry[] = events) {
  return nextEventAt(now, all)?.startsAt;
}

/** What a component needs to show the event, written out in the event's zone. */
export function toEventView(event: EventEntry, now: Date): EventView {
  const past = isPast(event, now);
  return {
    slug: event.slug,
    title: event.title,
    kind: event.kind,
    format: event.format,
    city: event.city,
    venue: event.venue,
    address: event.address,
    summary: event.summary,
    agenda: event.agenda ?? [],
    speakers: event.speakers ?? [],
    // A past event takes no sign-ups.
    registrationUrl: past ? undefined : event.registrationUrl,
    services: event.services,
    tags: event.tags,
    timeZone: event.timeZone,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    when: formatDateTimeRange(event.startsAt, event.endsAt, event.timeZone),
    day: dateTileParts(event.startsAt, event.timeZone),
    status: past ? "past" : "upcoming",
  };
}

/** The host of the site's e-mail address: the calendar UIDs' domain. */
const uidDomain = siteConfig.email.split("@")[1] ?? "corvanta.example";

/**
 * The event's iCalendar file. `origin` is the site's address as the visitor
 * reached it, for the event page's URL; `now` is the file's DTSTAMP.
 */
export function eventCalendar(event: EventEntry, { now, origin }: { now: Date; origin: string }) {
  const registrationUrl = isPast(event, now) ? undefined : event.registrationUrl;
  const pageUrl = new URL(eventPath(event.slug), origin).href;
  const description = [
    event.summary,
    event.agenda?.length
      ? `Agenda (${event.timeZone} time):\n${event.agenda.map((slot) => `${slot.time}  ${slot.item}`).join("\n")}`
      : "",
    event.speakers?.length
      ? `Speakers:\n${event.speakers.map((speaker) => `${speaker.name} (${speaker.role}, ${speaker.organisation})`).join("\n")}`
      : "",
    registrationUrl ? `Register: ${registrationUrl}` : "",
    `Details: ${pageUrl}`,
  ].filter(Boolean);
  const location =
    event.format === "online"
      ? "Online"
      : [event.venue, event.address ?? event.city].filter(Boolean).join(", ");
  return buildCalendar({
    uid: `event-${event.slug}@${uidDomain}`,
    stamp: now,
    start: event.start,
    end: event.end,
    timeZone: event.timeZone,
    summary: event.title,
    description: description.join("\n\n"),
    location,
    url: pageUrl,
    productId: `-//${siteConfig.name}//Events//EN`,
  });
}
