import { monthNames } from "~/lib/calendar-date";
import { Temporal } from "temporal-polyfill";

/**
 * Wall-clock times in IANA time zones: converting a local "2027-03-18T09:30"
 * in "Europe/London" to the instant it names, the offsets and transitions a
 * zone goes through, and an instant range for people ("Thu 18 March 2027,
 * 09:30–12:00 GMT"). Events are written in the local time of where they
 * happen, so the offset (and a DST change between writing and the day) is the
 * zone's business, not the author's. The arithmetic is Temporal's
 * (temporal-polyfill, docs/decisions/033); only the zone's short name comes
 * from Intl. Server-side only: loaders, the content schema, calendar files.
 * Pure functions: the same input gives the same output on any machine whose
 * ICU knows the zone.
 */

/** A local date-time as written in content: YYYY-MM-DDTHH:mm. */
export type WallClock = string;

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const MINUTE_NS = 60_000_000_000;

/** True when the zone is known by this IANA name (e.g. "Europe/Lisbon"). */
export function isValidTimeZone(timeZone: string): boolean {
  // Temporal also takes bare offsets ("+01:00"), which have no daylight saving:
  // an event's zone must be a place.
  if (!timeZone.includes("/") && timeZone !== "UTC") return false;
  try {
    new Temporal.ZonedDateTime(0n, timeZone);
    return true;
  } catch {
    return false;
  }
}

/** "YYYY-MM-DDTHH:mm" as a date and time, or undefined when it is not a real one. */
export function parseWallClock(value: string): Temporal.PlainDateTime | undefined {
  // The pattern first: Temporal also reads seconds, spaces and other ISO forms.
  if (!WALL_CLOCK.test(value)) return undefined;
  try {
    return Temporal.PlainDateTime.from(value, { overflow: "reject" });
  } catch {
    return undefined;
  }
}

function zoned(instant: Date, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
}

function offsetMinutes(time: Temporal.ZonedDateTime): number {
  return Math.round(time.offsetNanoseconds / MINUTE_NS);
}

/** The zone's offset from UTC at an instant, in minutes (BST: 60, EDT: -240). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return offsetMinutes(zoned(instant, timeZone));
}

/**
 * The instant a wall-clock time names in a zone. A time the clocks skip (01:30
 * in London on the spring-forward Sunday) does not exist and throws a
 * RangeError; a time that happens twice (01:30 on the autumn Sunday) is its
 * first occurrence, as calendar apps read it.
 */
export function wallClockToInstant(wallClock: WallClock, timeZone: string): Date {
  const local = parseWallClock(wallClock);
  if (!local) throw new RangeError(`"${wallClock}" is not a date-time written YYYY-MM-DDTHH:mm`);
  // "earlier" takes the first of two occurrences, and in a gap moves back by
  // its length, so a skipped time reads back as another wall-clock time.
  // ("reject" would refuse the repeated hour too.)
  const time = local.toZonedDateTime(timeZone, { disambiguation: "earlier" });
  if (!time.toPlainDateTime().equals(local)) {
    throw new RangeError(`${wallClock} does not exist in ${timeZone}: the clocks skip it`);
  }
  return new Date(time.epochMilliseconds);
}

// Building an Intl.DateTimeFormat costs far more than using one, and event
// pages ask for zone names many times per render: one formatter per pair.
const zoneNameFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneNameFormatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let formatter = zoneNameFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" });
    zoneNameFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The zone's short name at an instant: GMT/BST, WET/WEST, EST/EDT. British
 * English names European zones; where it only has "GMT-5", American English
 * often knows the letters (EST); otherwise the "GMT+9" form stands. Temporal
 * has no names for zones, so these come from Intl.
 */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const name = (locale: string) =>
    zoneNameFormatter(locale, timeZone)
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  const british = name("en-GB");
  if (!/^(GMT|UTC)[+-−]/.test(british)) return british;
  const american = name("en-US");
  return /^(GMT|UTC)[+-−]/.test(american) ? british : american;
}

/** Temporal numbers weekdays from Monday (1) to Sunday (7). */
const weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function weekdayOf(time: Temporal.ZonedDateTime): string {
  return weekdayNames[time.dayOfWeek - 1] ?? "";
}

/** "Thu 18 March 2027": built from numbers, so it reads the same on every ICU. */
function formatDay(time: Temporal.ZonedDateTime): string {
  return `${weekdayOf(time)} ${time.day} ${monthNames[time.month - 1]} ${time.year}`;
}

function formatTime({ hour, minute }: Temporal.ZonedDateTime): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/**
 * An event's date and time for people, in the zone it happens in:
 * "Thu 18 March 2027, 09:30–12:00 GMT", or across days
 * "Thu 18 March 2027, 09:30 – Fri 19 March 2027, 17:00 GMT". When the zone's
 * name changes between start and end (a DST change overnight), both are given.
 */
export function formatDateTimeRange(start: Date, end: Date, timeZone: string): string {
  const from = zoned(start, timeZone);
  const to = zoned(end, timeZone);
  const fromZone = zoneAbbreviation(start, timeZone);
  const toZone = zoneAbbreviation(end, timeZone);
  const sameDay = from.toPlainDate().equals(to.toPlainDate());
  const startText = `${formatDay(from)}, ${formatTime(from)}${fromZone === toZone ? "" : ` ${fromZone}`}`;
  return sameDay
    ? `${startText}–${formatTime(to)} ${toZone}`
    : `${startText} – ${formatDay(to)}, ${formatTime(to)} ${toZone}`;
}

/** One instant in a zone, for people: "Tue 16 March 2027, 17:00 GMT". */
export function formatDateTime(instant: Date, timeZone: string): string {
  const fields = zoned(instant, timeZone);
  return `${formatDay(fields)}, ${formatTime(fields)} ${zoneAbbreviation(instant, timeZone)}`;
}

/** The short day "18 Mar 2027" and its parts, for a date tile. */
export function dateTileParts(instant: Date, timeZone: string) {
  const time = zoned(instant, timeZone);
  return {
    weekday: weekdayOf(time),
    day: time.day,
    month: (monthNames[time.month - 1] ?? "").slice(0, 3),
    year: time.year,
  };
}

export type ZoneTransition = {
  /** The first instant of the new offset. */
  at: Date;
  offsetFromMinutes: number;
  offsetToMinutes: number;
};

/**
 * The offset changes a zone makes within a calendar year (UTC). Two for
 * London, Lisbon or New York; none for Tokyo.
 */
export function zoneTransitions(year: number, timeZone: string): ZoneTransition[] {
  const transitions: ZoneTransition[] = [];
  const yearEnd = Date.UTC(year + 1, 0, 1);
  let change = zoned(new Date(Date.UTC(year, 0, 1)), timeZone).getTimeZoneTransition("next");
  while (change && change.epochMilliseconds < yearEnd) {
    transitions.push({
      at: new Date(change.epochMilliseconds),
      offsetFromMinutes: offsetMinutes(change.subtract({ nanoseconds: 1 })),
      offsetToMinutes: offsetMinutes(change),
    });
    change = change.getTimeZoneTransition("next");
  }
  return transitions;
}

/**
 * An instant written in a zone's local time with that zone's offset, as
 * schema.org wants event dates: "2027-03-18T09:30:00+00:00".
 */
export function isoWithOffset(instant: Date, timeZone: string): string {
  return zoned(instant, timeZone).toString({ smallestUnit: "second", timeZoneName: "never" });
}
