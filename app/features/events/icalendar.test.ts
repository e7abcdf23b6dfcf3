import { describe, expect, it } from "vitest";
import { readCalendarEvent } from "../../../tests/icalendar";
import {
  buildCalendar,
  escapeText,
  foldLine,
  timeZoneLines,
  type CalendarEventInput,
} from "~/features/events/icalendar";

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
  productId: "-//Corvanta Digital//Events//EN",
};

describe("escapeText", () => {
  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeText("a\\b; c, d\ne\r\nf")).toBe("a\\\\b\\; c\\, d\\ne\\nf");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone and folds a longer one with CRLF and a space", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(160))).toBe(
      `${"x".repeat(75)}\r\n ${"x".repeat(74)}\r\n ${"x".repeat(11)}`,
    );
  });

  it("counts UTF-8 octets and never splits a character", () => {
    const folded = foldLine(`SUMMARY:${"é".repeat(60)}`);
    const encoder = new TextEncoder();
    for (const line of folded.split("\r\n")) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
      expect(line).not.toContain("\uFFFD");
    }
    expect(folded.replace(/\r\n /g, "")).toBe(`SUMMARY:${"é".repeat(60)}`);
  });
});

describe("buildCalendar", () => {
  const text = buildCalendar({ ...base, description: "A long description. ".repeat(12) });

  it("ends every line with CRLF and keeps each within 75 octets", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
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
