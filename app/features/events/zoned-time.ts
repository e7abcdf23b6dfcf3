/**
 * Wall-clock times in IANA time zones, with nothing but Intl: converting a
 * local "2027-03-18T09:30" in "Europe/London" to the instant it names, and
 * formatting an instant range for people ("Thu 18 March 2027, 09:30–12:00 GMT").
 * Events are written in the local time of where they happen, so the offset
 * (and a DST change between writing and the day) is the zone's business, not
 * the author's. Pure functions: the same input gives the same output on any
 * machine whose ICU knows the zone.
 */

/** A local date-time as written in content: YYYY-MM-DDTHH:mm. */
export type WallClock = string;

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

type Fields = { year: number; month: number; day: number; hour: number; minute: number };

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the zone by this IANA name (e.g. "Europe/Lisbon"). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone.includes("/") && timeZone !== "UTC") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Splits "YYYY-MM-DDTHH:mm" into numbers, or undefined when it is not a real date-time. */
export function parseWallClock(value: string): Fields | undefined {
  const match = WALL_CLOCK.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const real =
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day &&
    hour < 24 &&
    minute < 60;
  return real ? { year, month, day, hour, minute } : undefined;
}

/** The zone's local date and time at an instant, to the minute. */
export function wallClockAt(instant: Date, timeZone: string): Fields {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    hour: parts.hour ?? NaN,
    minute: parts.minute ?? NaN,
  };
}

function fieldsAsUtcMs({ year, month, day, hour, minute }: Fields): number {
  return Date.UTC(year, month - 1, day, hour, minute);
}

/** The zone's offset from UTC at an instant, in minutes (BST: 60, EDT: -240). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const wholeMinute = Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS;
  return (fieldsAsUtcMs(wallClockAt(new Date(wholeMinute), timeZone)) - wholeMinute) / MINUTE_MS;
}

/**
 * The instant a wall-clock time names in a zone. A time the clocks skip (01:30
 * in London on the spring-forward Sunday) does not exist and throws a
 * RangeError; a time that happens twice (01:30 on the autumn Sunday) is its
 * first occurrence, as calendar apps and Temporal's "compatible" mode read it.
 */
export function wallClockToInstant(wallClock: WallClock, timeZone: string): Date {
  const fields = parseWallClock(wallClock);
  if (!fields) throw new RangeError(`"${wallClock}" is not a date-time written YYYY-MM-DDTHH:mm`);
  const asIfUtc = fieldsAsUtcMs(fields);
  // A zone changes its offset at most once around any given day, so the
  // offsets a day either side are the only ones this local time can carry.
  const offsets = new Set(
    [asIfUtc - DAY_MS, asIfUtc, asIfUtc + DAY_MS].map((ms) =>
      zoneOffsetMinutes(new Date(ms), timeZone),
    ),
  );
  const matches = [...offsets]
    .map((offset) => asIfUtc - offset * MINUTE_MS)
    .filter((ms) => fieldsAsUtcMs(wallClockAt(new Date(ms), timeZone)) === asIfUtc)
    .sort((a, b) => a - b);
  const first = matches[0];
  if (first === undefined) {
    throw new RangeError(`${wallClock} does not exist in ${timeZone}: the clocks skip it`);
  }
  return new Date(first);
}

/** Formats zone fields back as "YYYY-MM-DDTHH:mm". */
export function formatWallClock({ year, month, day, hour, minute }: Fields): WallClock {
  const pad = (value: number, length = 2) => String(value).padStart(length, "0");
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
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
 * often knows the letters (EST); otherwise the "GMT+9" form stands.
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

const weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "Thu 18 March 2027": built from numbers, so it reads the same on every ICU. */
function formatDay(fields: Fields): string {
  return `${weekdayOf(fields)} ${fields.day} ${monthNames[fields.month - 1]} ${fields.year}`;
}

function weekdayOf({ year, month, day }: Fields): string {
  return weekdayNames[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? "";
}

function formatTime({ hour, minute }: Fields): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/**
 * An event's date and time for people, in the zone it happens in:
 * "Thu 18 March 2027, 09:30–12:00 GMT", or across days
 * "Thu 18 March 2027, 09:30 – Fri 19 March 2027, 17:00 GMT". When the zone's
 * name changes between start and end (a DST change overnight), both are given.
 */
export function formatDateTimeRange(start: Date, end: Date, timeZone: string): string {
  const from = wallClockAt(start, timeZone);
  const to = wallClockAt(end, timeZone);
  const fromZone = zoneAbbreviation(start, timeZone);
  const toZone = zoneAbbreviation(end, timeZone);
  const sameDay = from.year === to.year && from.month === to.month && from.day === to.day;
  const startText = `${formatDay(from)}, ${formatTime(from)}${fromZone === toZone ? "" : ` ${fromZone}`}`;
  return sameDay
    ? `${startText}–${formatTime(to)} ${toZone}`
    : `${startText} – ${formatDay(to)}, ${formatTime(to)} ${toZone}`;
}

/** One instant in a zone, for people: "Tue 16 March 2027, 17:00 GMT". */
export function formatDateTime(instant: Date, timeZone: string): string {
  const fields = wallClockAt(instant, timeZone);
  return `${formatDay(fields)}, ${formatTime(fields)} ${zoneAbbreviation(instant, timeZone)}`;
}

/** The short day "18 Mar 2027" and its parts, for a date tile. */
export function dateTileParts(instant: Date, timeZone: string) {
  const fields = wallClockAt(instant, timeZone);
  return {
    weekday: weekdayOf(fields),
    day: fields.day,
    month: (monthNames[fields.month - 1] ?? "").slice(0, 3),
    year: fields.year,
  };
}

export type ZoneTransition = {
  /** The first instant of the new offset. */
  at: Date;
  offsetFromMinutes: number;
  offsetToMinutes: number;
};

/**
 * The offset changes a zone makes within a calendar year (UTC), found by
 * sampling every day and narrowing each change to the minute. Two for
 * London, Lisbon or New York; none for Tokyo.
 */
export function zoneTransitions(year: number, timeZone: string): ZoneTransition[] {
  const transitions: ZoneTransition[] = [];
  const yearEnd = Date.UTC(year + 1, 0, 1);
  let previous = Date.UTC(year, 0, 1);
  let previousOffset = zoneOffsetMinutes(new Date(previous), timeZone);
  for (let sample = previous + DAY_MS; previous < yearEnd; sample += DAY_MS) {
    const at = Math.min(sample, yearEnd);
    const offset = zoneOffsetMinutes(new Date(at), timeZone);
    if (offset !== previousOffset) {
      let low = previous;
      let high = at;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (zoneOffsetMinutes(new Date(middle), timeZone) === previousOffset) low = middle;
        else high = middle;
      }
      transitions.push({
        at: new Date(high),
        offsetFromMinutes: previousOffset,
        offsetToMinutes: offset,
      });
    }
    previous = at;
    previousOffset = offset;
  }
  return transitions;
}

/**
 * An instant written in a zone's local time with that zone's offset, as
 * schema.org wants event dates: "2027-03-18T09:30:00+00:00".
 */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${formatWallClock(wallClockAt(instant, timeZone))}:00${sign}${hours}:${minutes}`;
}
