import {
  parseWallClock,
  wallClockToInstant,
  zoneAbbreviation,
  zoneOffsetMinutes,
  zoneTransitions,
  type WallClock,
} from "~/lib/zoned-time";

/**
 * iCalendar (RFC 5545) for one event, as calendar apps import it: CRLF line
 * endings, long lines folded at 75 octets, text escaped, start and end in the
 * event's own zone (TZID) with a VTIMEZONE that spells out that zone's offsets
 * for the event's year(s), generated from Intl, so an app that does not know
 * the IANA name still lands on the right instant.
 */

export type CalendarEventInput = {
  /** Stable across downloads, so a second import updates the first. */
  uid: string;
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
  /** PRODID: who made the file, "-//Company//Product//EN". */
  productId: string;
};

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line into lines of at most 75 octets (UTF-8), each
 * continuation starting with a space, never splitting a character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = "";
  let currentOctets = 0;
  for (const character of line) {
    const octets = encoder.encode(character).length;
    // Continuation lines carry a leading space, which counts towards the 75.
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (currentOctets + octets > limit) {
      pieces.push(current);
      current = "";
      currentOctets = 0;
    }
    current += character;
    currentOctets += octets;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

/** "2027-03-18T09:30" -> "20270318T093000" (a local DATE-TIME). */
function localDateTime(wallClock: WallClock): string {
  if (!parseWallClock(wallClock)) throw new RangeError(`"${wallClock}" is not YYYY-MM-DDTHH:mm`);
  return `${wallClock.replace(/[-:]/g, "")}00`;
}

/** An instant as a UTC DATE-TIME: "20261122T101500Z". */
export function utcDateTime(instant: Date): string {
  return `${instant
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "")}`;
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
        `TZNAME:${escapeText(observance.name)}`,
        `END:${kind}`,
      ];
    }),
    "END:VTIMEZONE",
  ];
}

/** A complete VCALENDAR with one VEVENT, ready to send as text/calendar. */
export function buildCalendar(event: CalendarEventInput): string {
  const startInstant = wallClockToInstant(event.start, event.timeZone);
  const endInstant = wallClockToInstant(event.end, event.timeZone);
  const isUtc = event.timeZone === "UTC";
  const years = [startInstant.getUTCFullYear(), endInstant.getUTCFullYear()];
  const dateTime = (wallClock: WallClock, instant: Date, property: string) =>
    isUtc
      ? `${property}:${utcDateTime(instant)}`
      : `${property};TZID=${event.timeZone}:${localDateTime(wallClock)}`;

  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${event.productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(isUtc ? [] : timeZoneLines(event.timeZone, years)),
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    dateTime(event.start, startInstant, "DTSTART"),
    dateTime(event.end, endInstant, "DTEND"),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
