import { afterEach, describe, expect, it } from "vitest";
import { readCalendarEvent } from "../../../tests/icalendar";
import { buildCalendar, timeZoneLines, type CalendarEventInput } from "~/features/events/icalendar";

const base: CalendarEventInput = {
  uid: "fintech-round-table@corvanta.example",
  stamp: new Date("2026-11-22T10:15:30.250Z"),
  start: "2027-03-18T09:30",
  end: "2027-03-18T12:00",
  timeZone: "Europe/London",
  summary: "Reconciliation round table",
  description: "Three talks, one panel; coffee from 09:00.",
  location: "Corvanta Digital, 18 Charterhouse Street, London",
  url: "https://corvanta.example/events/fintech-round-table",
  productId: { company: "Corvanta Digital", product: "Events" },
};

const octets = (line: string) => new TextEncoder().encode(line).length;

describe("text in the calendar file", () => {
  it("escapes backslashes, semicolons, commas and line breaks, and reads back unchanged", () => {
    const summary = "a\\b; c, d\ne\r\nf";
    const text = buildCalendar({ ...base, summary });
    expect(text).toContain("SUMMARY:a\\\\b\\; c\\, d\\ne\\nf\r\n");
    expect(readCalendarEvent(text).summary).toBe("a\\b; c, d\ne\nf");
  });

  it("folds long lines within 75 octets with CRLF and a space, never splitting a character", () => {
    // Two-octet, three-octet and four-octet (surrogate pair) characters.
    const summary = `${"é".repeat(60)} ${"€".repeat(30)} ${"😀".repeat(20)}`;
    const text = buildCalendar({ ...base, summary });
    const lines = text.split("\r\n");
    for (const line of lines) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // Half a surrogate pair at either side of a fold would be a broken emoji.
      expect(line).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/);
    }
    const summaryLines = lines.slice(lines.findIndex((line) => line.startsWith("SUMMARY:")));
    expect(summaryLines[1]).toMatch(/^ /);
    expect(text.replace(/\r\n /g, "")).toContain(`SUMMARY:${summary}\r\n`);
    expect(readCalendarEvent(text).summary).toBe(summary);
  });
});

describe("buildCalendar", () => {
  const text = buildCalendar({ ...base, description: "A long description. ".repeat(12) });

  it("ends every line with CRLF and keeps each within 75 octets", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) {
      expect(octets(line)).toBeLessThanOrEqual(75);
    }
  });

  it("writes start and end in the event's zone with a VTIMEZONE, a UTC stamp and a stable UID", () => {
    expect(text).toContain("DTSTART;TZID=Europe/London:20270318T093000\r\n");
    expect(text).toContain("DTEND;TZID=Europe/London:20270318T120000\r\n");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n");
    expect(text).toContain("DTSTAMP:20261122T101530Z\r\n");
    expect(text).toContain(`UID:${base.uid}\r\n`);
    expect(buildCalendar(base)).toBe(buildCalendar(base));
  });

  it("parses with ical.js to the right instants, zone and text", () => {
    const event = readCalendarEvent(buildCalendar(base));
    expect(event.uid).toBe(base.uid);
    expect(event.summary).toBe(base.summary);
    expect(event.description).toBe(base.description);
    expect(event.location).toBe(base.location);
    expect(event.url).toBe(base.url);
    expect(event.timeZone).toBe("Europe/London");
    expect(event.start.toISOString()).toBe("2027-03-18T09:30:00.000Z");
    expect(event.end.toISOString()).toBe("2027-03-18T12:00:00.000Z");
    expect(event.stamp.toISOString()).toBe("2026-11-22T10:15:30.000Z");
  });

  it("lands on the right instant in summer time and across a DST change", () => {
    const lisbon = readCalendarEvent(
      buildCalendar({
        ...base,
        start: "2027-05-20T18:30",
        end: "2027-05-20T21:00",
        timeZone: "Europe/Lisbon",
      }),
    );
    expect(lisbon.timeZone).toBe("Europe/Lisbon");
    expect(lisbon.start.toISOString()).toBe("2027-05-20T17:30:00.000Z");

    const overnight = readCalendarEvent(
      buildCalendar({
        ...base,
        start: "2027-11-06T22:00",
        end: "2027-11-07T03:00",
        timeZone: "America/New_York",
      }),
    );
    expect(overnight.start.toISOString()).toBe("2027-11-07T02:00:00.000Z");
    expect(overnight.end.toISOString()).toBe("2027-11-07T08:00:00.000Z");
  });

  it("publishes the event, as the e-mail attachment's content type says (method=PUBLISH)", () => {
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(text).toContain("PRODID:-//Corvanta Digital//Events//EN\r\n");
    expect(text).toContain("METHOD:PUBLISH\r\n");
    expect(text).toContain("STATUS:CONFIRMED\r\n");
  });

  it("changes only DTSTAMP when written again later, so a second import updates the first", () => {
    const later = buildCalendar({ ...base, stamp: new Date("2027-01-05T08:00:00Z") });
    const first = buildCalendar(base);
    expect(later).toContain("DTSTAMP:20270105T080000Z\r\n");
    expect(later).toContain(`UID:${base.uid}\r\nSEQUENCE:0\r\n`);
    const withoutStamp = (file: string) => file.replace(/^DTSTAMP:.*$/m, "");
    expect(withoutStamp(later)).toBe(withoutStamp(first));
    expect(later).not.toBe(first);
  });

  it("writes the revision given as SEQUENCE, so an updated file replaces the entry of the first", () => {
    const updated = buildCalendar({ ...base, sequence: 2 });
    expect(updated).toContain(`UID:${base.uid}\r\nSEQUENCE:2\r\n`);
    expect(readCalendarEvent(updated).sequence).toBe(2);
    expect(readCalendarEvent(buildCalendar(base)).sequence).toBe(0);
  });

  describe("on a server whose own zone is not the event's", () => {
    const serverZone = process.env.TZ;
    afterEach(() => {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    });

    it("still writes the event's wall clock", () => {
      process.env.TZ = "Asia/Tokyo";
      // Node applies TZ when it is set; without this the test could not fail.
      expect(new Date("2027-03-18T09:30:00Z").getHours()).toBe(18);
      const text = buildCalendar(base);
      expect(text).toContain("DTSTART;TZID=Europe/London:20270318T093000\r\n");
      expect(text).toContain("DTSTAMP:20261122T101530Z\r\n");
      expect(readCalendarEvent(text).start.toISOString()).toBe("2027-03-18T09:30:00.000Z");
    });
  });

  it("writes UTC events with Z times and no VTIMEZONE", () => {
    const text = buildCalendar({ ...base, timeZone: "UTC" });
    expect(text).toContain("DTSTART:20270318T093000Z\r\n");
    expect(text).not.toContain("VTIMEZONE");
  });
});

describe("timeZoneLines", () => {
  it("declares the offset on 1 January and each change of the year with its local onset", () => {
    expect(timeZoneLines("Europe/London", [2027])).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Europe/London",
      "BEGIN:STANDARD",
      "DTSTART:20270101T000000",
      "TZOFFSETFROM:+0000",
      "TZOFFSETTO:+0000",
      "TZNAME:GMT",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:20270328T010000",
      "TZOFFSETFROM:+0000",
      "TZOFFSETTO:+0100",
      "TZNAME:BST",
      "END:DAYLIGHT",
      "BEGIN:STANDARD",
      "DTSTART:20271031T020000",
      "TZOFFSETFROM:+0100",
      "TZOFFSETTO:+0000",
      "TZNAME:GMT",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
  });

  it("writes negative offsets for zones west of UTC", () => {
    const lines = timeZoneLines("America/New_York", [2027]);
    expect(lines).toContain("TZOFFSETFROM:-0500");
    expect(lines).toContain("TZOFFSETTO:-0400");
    expect(lines).toContain("DTSTART:20270314T020000");
  });
});
