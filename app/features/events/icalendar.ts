import ical, {
  escape,
  ICalCalendarMethod,
  ICalEventStatus,
  ICalEventTransparency,
  type ICalCalendarProdIdData,
} from "ical-generator";
import { Temporal } from "temporal-polyfill";
import {
  wallClockToInstant,
  zoneAbbreviation,
  zoneOffsetMinutes,
  zoneTransitions,
  type WallClock,
} from "~/lib/zoned-time";

/**
 * iCalendar (RFC 5545) for one event, written by ical-generator (a kept
 * library, docs/decisions/032): it folds lines within 75 octets without
 * splitting a character, escapes text and ends lines with CRLF. Start and end
 * are in the event's own zone (TZID); the library has no zone database, so the
 * VTIMEZONE comes from its documented generator hook, filled from Intl here,
 * so that an app that does not know the IANA name still lands on the right
 * instant. Server-side only: the file is a resource route's body and an
 * e-mail attachment, never part of the browser bundle.
 */

export type CalendarEventInput = {
  /** Stable across downloads, so a second import updates the first. */
  uid: string;
  /** Its revision: a file with a higher SEQUENCE replaces the entry (RFC 5545 3.8.7.4). */
  sequence?: number;
  /** When this file was produced (DTSTAMP). */
  stamp: Date;
  start: WallClock;
  end: WallClock;
  /** IANA zone of start and end, e.g. "Europe/London". */
  timeZone: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** PRODID: who made the file, written "-//company//product//EN". */
  productId: ICalCalendarProdIdData;
  /** STATUS:CANCELLED, for the person who gave up their place: importing it marks the entry cancelled. */
  cancelled?: boolean;
};

/** An instant as a UTC DATE-TIME: "20261122T101500Z". */
function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** Minutes east of UTC as a UTC-OFFSET: 60 -> "+0100", -300 -> "-0500". */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, "0");
  return `${sign}${hours}${String(absolute % 60).padStart(2, "0")}`;
}

/** The zone's wall clock at an instant, in the old offset, as a local DATE-TIME. */
function localAt(instant: Date, offsetMinutes: number): string {
  return utcDateTime(new Date(instant.getTime() + offsetMinutes * 60_000)).replace(/Z$/, "");
}

/**
 * A VTIMEZONE for `timeZone` covering the given years: the offset in force on
 * 1 January of the first year, then every change Intl reports in those years.
 * An observance whose offset is above the lowest of the period is DAYLIGHT.
 * Explicit changes rather than RRULEs: exact for the event's year, which is
 * all one event needs.
 */
export function timeZoneLines(timeZone: string, years: readonly number[]): string[] {
  const first = Math.min(...years);
  const yearStart = new Date(Date.UTC(first, 0, 1));
  const initialOffset = zoneOffsetMinutes(yearStart, timeZone);
  const observances = [
    {
      onset: `${first}0101T000000`,
      from: initialOffset,
      to: initialOffset,
      name: zoneAbbreviation(yearStart, timeZone),
    },
    ...[...new Set(years)]
      .sort((a, b) => a - b)
      .flatMap((year) => zoneTransitions(year, timeZone))
      .map((change) => ({
        onset: localAt(change.at, change.offsetFromMinutes),
        from: change.offsetFromMinutes,
        to: change.offsetToMinutes,
        name: zoneAbbreviation(change.at, timeZone),
      })),
  ];
  const standardOffset = Math.min(...observances.map((observance) => observance.to));
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${timeZone}`,
    ...observances.flatMap((observance) => {
      const kind = observance.to > standardOffset ? "DAYLIGHT" : "STANDARD";
      return [
        `BEGIN:${kind}`,
        `DTSTART:${observance.onset}`,
        `TZOFFSETFROM:${utcOffset(observance.from)}`,
        `TZOFFSETTO:${utcOffset(observance.to)}`,
        // TZNAME is TEXT; the hook's output is pasted in as it is, so it is
        // escaped here with the library's own TEXT escaping.
        `TZNAME:${escape(observance.name, false)}`,
        `END:${kind}`,
      ];
    }),
    "END:VTIMEZONE",
  ];
}

/** A complete VCALENDAR with one VEVENT, ready to send as text/calendar. */
export function buildCalendar(event: CalendarEventInput): string {
  // Zoned Temporal values, not Dates: ical-generator writes a Date with a TZID
  // in the server process's own zone, but a ZonedDateTime in the event's.
  // wallClockToInstant first, as it refuses a time the clocks skip, which
  // Temporal alone would quietly move.
  const zoned = (wallClock: WallClock) =>
    Temporal.Instant.fromEpochMilliseconds(
      wallClockToInstant(wallClock, event.timeZone).getTime(),
    ).toZonedDateTimeISO(event.timeZone);
  const start = zoned(event.start);
  const end = zoned(event.end);
  const years = [start, end].map((time) => time.withTimeZone("UTC").year);

  const calendar = ical({
    prodId: event.productId,
    scale: "GREGORIAN",
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone name: with one, ical-generator would write
    // X-WR-TIMEZONE and DTSTAMP in local time; DTSTAMP must be UTC. The hook
    // is called once per event zone, never for UTC.
    timezone: { name: null, generator: (zone) => timeZoneLines(zone, years).join("\r\n") },
  });
  calendar.createEvent({
    id: event.uid,
    // ical-generator writes SEQUENCE:0 unless told otherwise: the first file is revision 0.
    sequence: event.sequence ?? 0,
    stamp: event.stamp,
    start,
    end,
    // "UTC" gives no TZID and Z times, so no VTIMEZONE either.
    timezone: event.timeZone,
    summary: event.summary,
    description: event.description ?? null,
    location: event.location ?? null,
    url: event.url ?? null,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
  });
  // The library ends the last line without a line break; RFC 5545 ends every
  // content line with CRLF.
  return `${calendar.toString()}\r\n`;
}
