import { firstSentence } from "~/lib/first-sentence";
import { eventPath } from "~/config/paths";
import { serviceRef } from "~/features/services/services.server";
import { portraitOf } from "~/features/company/team.server";
import { z } from "zod";
import { eventCalendarFile } from "~/features/events/event-calendar";
import type { EventFacts } from "~/features/events/registration-view";
import {
  dateTileParts,
  formatDateTimeRange,
  isValidTimeZone,
  parseWallClock,
  wallClockToInstant,
} from "~/lib/zoned-time";
import { type RawFiles, loadCollection } from "~/lib/content/collection";
import {
  eventFormats,
  eventKinds,
  type EventKind,
  type EventBasics,
  type EventCardView,
  type EventTeaserView,
  type EventView,
} from "~/features/events/event-view";
import {
  editorHints,
  lineField,
  missingDateReason,
  publishAtField,
  serviceIdField,
  slugField,
} from "~/lib/content/fields";
import { isPublished, showsUnpublished } from "~/lib/content/publication";
import { imageField } from "~/lib/images/image-fields";
import { pictureFor } from "~/lib/images/content-images.server";
import { contentFiles, throwIfRefused } from "~/lib/content/content-files.server";

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
  })
  .describe("a local date-time written YYYY-MM-DDTHH:mm, e.g. 2027-03-18T09:30");

const agendaTimeField = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "must be a local time written HH:mm, e.g. 09:30")
  .describe("a local time written HH:mm, e.g. 09:30");

const httpsUrl = z
  .url({ protocol: /^https$/, error: "must be an https:// URL" })
  .describe("an https:// address");

/** One of the event's own questions on its registration form. */
const questionField = z
  .object({
    /** Names the answer in the database and the staff export. */
    id: z
      .string()
      .regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens")
      .max(30)
      .describe("lower-case words joined by hyphens, at most 30 characters"),
    label: lineField(80),
    hint: lineField(160).optional(),
    /** Optional unless `required: true`. */
    required: z.boolean().default(false),
    /** A choice from these answers; free text (one line) without them. */
    options: z.array(lineField(60)).min(2).max(8).optional(),
  })
  .strict();

const eventFields = z
  .object({
    /** The file's name without .yaml; the event's address and calendar UID. */
    slug: slugField,
    title: lineField(110),
    kind: z
      .enum(Object.keys(eventKinds) as [EventKind, ...EventKind[]])
      .register(editorHints, { optionLabels: eventKinds }),
    /** Local wall-clock start and end where the event happens. */
    start: wallClockField,
    end: wallClockField,
    /** IANA name, e.g. Europe/London; online events use the host's zone. */
    timeZone: z
      .string()
      .refine(isValidTimeZone, {
        error: (issue) =>
          `must be an IANA time zone such as Europe/London, got ${String(issue.input)}`,
      })
      .describe("an IANA time zone such as `Europe/London` or `Europe/Lisbon`"),
    format: z
      .enum(eventFormats)
      .register(editorHints, { optionLabels: { online: "Online", "in-person": "In person" } }),
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
          .strict()
          // A team member, picked from content/team, or a guest.
          .register(editorHints, { references: "team", open: true }),
      )
      .min(1)
      .optional(),
    /**
     * A partner's sign-up page, for events a partner runs. Without it (our own
     * events) people register on the event's page.
     */
    registrationUrl: httpsUrl.optional(),
    /** Places that can be confirmed; past it, people join a waiting list. Unlimited without it. */
    capacity: z.int().min(1).max(10_000).optional(),
    /** Local wall-clock time (in `timeZone`) when registration closes; the start without it. */
    registrationClosesAt: wallClockField.optional(),
    /** The event's own questions on the registration form (dietary needs, for example). */
    questions: z.array(questionField).min(1).max(4).optional(),
    /** An online event's joining link, sent to registered people only. */
    joinUrl: httpsUrl.optional(),
    services: z.array(serviceIdField).min(1).max(4),
    tags: z.array(lineField(30)).max(5).default([]),
    /** When the event is announced on its own; left out of production builds until then (decision 096). */
    publishAt: publishAtField.optional(),
    /** A photograph for the event's page (docs/decisions/093), under its header. */
    coverImage: imageField("events").optional(),
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
  if (event.registrationUrl) {
    // A partner's registration: none of ours to configure.
    for (const field of ["capacity", "registrationClosesAt", "questions"] as const) {
      if (event[field] !== undefined) {
        problem(
          [field],
          "belongs to registration on this site; a partner's registrationUrl has none",
        );
      }
    }
  }
  if (event.joinUrl && event.format !== "online") {
    problem(["joinUrl"], "is for online events only");
  }
  const questionIds = event.questions?.map((question) => question.id) ?? [];
  questionIds.forEach((id, index) => {
    if (questionIds.indexOf(id) !== index) {
      problem(["questions", index, "id"], `must be unique, "${id}" is used twice`);
    }
  });

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
  if (event.registrationClosesAt && startsAt) {
    try {
      const closesAt = wallClockToInstant(event.registrationClosesAt, event.timeZone);
      if (closesAt > startsAt) {
        problem(["registrationClosesAt"], `must not be after start (${event.start})`);
      }
    } catch (error) {
      problem(["registrationClosesAt"], (error as Error).message);
    }
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
  /** When registration closes: `registrationClosesAt`, or the start. */
  closesAt: Date;
};

const files = contentFiles("content/events");

/** Validates the event files; exported so tests can feed it broken ones. */
export function loadEvents(raw: RawFiles): EventEntry[] {
  const collection = loadCollection({ files: raw, schema: eventSchema, nameField: "slug" });
  const entries = collection.map((entry) => {
    const startsAt = wallClockToInstant(entry.start, entry.timeZone);
    // The entry itself, not a copy, so a rule across files can still find its lines.
    return Object.assign(entry, {
      startsAt,
      endsAt: wallClockToInstant(entry.end, entry.timeZone),
      closesAt: entry.registrationClosesAt
        ? wallClockToInstant(entry.registrationClosesAt, entry.timeZone)
        : startsAt,
    });
  });
  return entries.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Every event on the site, soonest first: one whose publishAt is still to come waits (publication.ts). */
export const events: readonly EventEntry[] = loadEvents(files).filter(
  (event) => showsUnpublished || isPublished(event),
);

/** The event of `slug`; while authoring, an event whose file has a mistake throws its report. */
export function findEvent(slug: string): EventEntry | undefined {
  const event = events.find((entry) => entry.slug === slug);
  if (!event) throwIfRefused(`content/events/${slug}.yaml`);
  return event;
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
 * start, which moves an event from upcoming to past (the page cache's expiry,
 * app/lib/route-handle.ts).
 */
export function nextEventChangeAt(now: Date, all: readonly EventEntry[] = events) {
  return nextEventAt(now, all)?.startsAt;
}

/** What every view of the event has: the fields the shared parts read, in the event's zone. */
function toEventBasics(event: EventEntry, now: Date): EventBasics {
  const past = isPast(event, now);
  return {
    slug: event.slug,
    title: event.title,
    kind: event.kind,
    format: event.format,
    city: event.city,
    venue: event.venue,
    address: event.address,
    speakers: (event.speakers ?? []).map((speaker) => ({
      ...speaker,
      portrait: portraitOf(speaker.name),
    })),
    // A past event takes no sign-ups; seat counts are the event page's (they need the database).
    registration: past
      ? { at: "none" }
      : event.registrationUrl
        ? { at: "partner", url: event.registrationUrl }
        : { at: "site", open: now < event.closesAt },
    startsAt: event.startsAt.toISOString(),
    when: formatDateTimeRange(event.startsAt, event.endsAt, event.timeZone),
    status: past ? "past" : "upcoming",
  };
}

/** What a list needs to show the event. */
export function toEventCardView(event: EventEntry, now: Date): EventCardView {
  return {
    ...toEventBasics(event, now),
    summary: event.summary,
    agenda: event.agenda ?? [],
    day: dateTileParts(event.startsAt, event.timeZone),
  };
}

/** The home page's teaser of the event: the card with a lead sentence, without its agenda and date tile. */
export function toEventTeaserView(event: EventEntry, now: Date): EventTeaserView {
  return {
    ...toEventBasics(event, now),
    lead: firstSentence(event.summary),
    hasAgenda: (event.agenda ?? []).length > 0,
  };
}

/** What the event's own page needs to show it: the card's fields and the rest. */
export function toEventView(event: EventEntry, now: Date): EventView {
  const coverImage = event.coverImage && pictureFor(event.coverImage);
  return {
    ...toEventCardView(event, now),
    services: event.services.map(serviceRef),
    tags: event.tags,
    timeZone: event.timeZone,
    endsAt: event.endsAt.toISOString(),
    ...(coverImage && { coverImage }),
  };
}

/** What the registration desk needs to know about the event (server/registrations). */
export function toEventFacts(event: EventEntry): EventFacts {
  return {
    slug: event.slug,
    title: event.title,
    summary: event.summary,
    kind: event.kind,
    format: event.format,
    city: event.city,
    venue: event.venue,
    address: event.address,
    start: event.start,
    end: event.end,
    timeZone: event.timeZone,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    closesAt: event.closesAt.toISOString(),
    capacity: event.capacity ?? null,
    questions: event.questions ?? [],
    joinUrl: event.joinUrl,
    agenda: event.agenda ?? [],
    speakers: event.speakers ?? [],
  };
}

/**
 * The event's iCalendar file. `origin` is the site's address as the visitor
 * reached it, for the event page's URL; `now` is the file's DTSTAMP.
 */
export function eventCalendar(
  event: EventEntry,
  { now, origin, sequence = 0 }: { now: Date; origin: string; sequence?: number },
) {
  return eventCalendarFile(event, {
    now,
    sequence,
    pageUrl: new URL(eventPath(event.slug), origin).href,
    registrationUrl: isPast(event, now) ? undefined : event.registrationUrl,
  });
}
