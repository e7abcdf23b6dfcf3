import { describe, expect, it } from "vitest";
import {
  isoWithOffset,
  dateTileParts,
  formatDateTime,
  formatDateTimeRange,
  isValidTimeZone,
  parseWallClock,
  wallClockToInstant,
  zoneAbbreviation,
  zoneOffsetMinutes,
  zoneTransitions,
} from "~/lib/zoned-time";

const iso = (wallClock: string, zone: string) => wallClockToInstant(wallClock, zone).toISOString();

describe("wallClockToInstant", () => {
  it("reads London winter time as GMT and summer time as BST", () => {
    expect(iso("2027-01-14T09:30", "Europe/London")).toBe("2027-01-14T09:30:00.000Z");
    expect(iso("2027-06-10T09:30", "Europe/London")).toBe("2027-06-10T08:30:00.000Z");
  });

  it("reads Lisbon and New York at their own offsets", () => {
    expect(iso("2027-05-20T18:00", "Europe/Lisbon")).toBe("2027-05-20T17:00:00.000Z");
    expect(iso("2027-02-03T12:00", "America/New_York")).toBe("2027-02-03T17:00:00.000Z");
    expect(iso("2027-07-03T12:00", "America/New_York")).toBe("2027-07-03T16:00:00.000Z");
    expect(iso("2027-07-03T12:00", "Asia/Tokyo")).toBe("2027-07-03T03:00:00.000Z");
  });

  it("handles the hours either side of the spring-forward change", () => {
    // Europe/London and Europe/Lisbon move 01:00 -> 02:00 on Sunday 28 March 2027.
    expect(iso("2027-03-28T00:59", "Europe/London")).toBe("2027-03-28T00:59:00.000Z");
    expect(iso("2027-03-28T02:00", "Europe/London")).toBe("2027-03-28T01:00:00.000Z");
    expect(iso("2027-03-28T02:00", "Europe/Lisbon")).toBe("2027-03-28T01:00:00.000Z");
    // America/New_York moves 02:00 -> 03:00 on Sunday 14 March 2027.
    expect(iso("2027-03-14T01:59", "America/New_York")).toBe("2027-03-14T06:59:00.000Z");
    expect(iso("2027-03-14T03:00", "America/New_York")).toBe("2027-03-14T07:00:00.000Z");
  });

  it("rejects a wall-clock time the clocks skip", () => {
    expect(() => wallClockToInstant("2027-03-28T01:30", "Europe/London")).toThrow(/does not exist/);
    expect(() => wallClockToInstant("2027-03-28T01:00", "Europe/Lisbon")).toThrow(/does not exist/);
    expect(() => wallClockToInstant("2027-03-14T02:30", "America/New_York")).toThrow(
      /does not exist/,
    );
  });

  it("reads a time that happens twice as its first occurrence", () => {
    // Clocks go back 02:00 -> 01:00 in London on 31 October 2027: 01:30 happens in BST, then GMT.
    expect(iso("2027-10-31T01:30", "Europe/London")).toBe("2027-10-31T00:30:00.000Z");
    expect(iso("2027-10-31T02:00", "Europe/London")).toBe("2027-10-31T02:00:00.000Z");
    // New York falls back 02:00 -> 01:00 on 7 November 2027.
    expect(iso("2027-11-07T01:30", "America/New_York")).toBe("2027-11-07T05:30:00.000Z");
  });

  it("rejects malformed and impossible dates", () => {
    expect(() => wallClockToInstant("2027-02-30T10:00", "Europe/London")).toThrow(RangeError);
    expect(() => wallClockToInstant("2027-03-18 09:30", "Europe/London")).toThrow(RangeError);
    expect(parseWallClock("2027-03-18T24:00")).toBeUndefined();
    // Temporal reads seconds and other ISO forms; content may not use them.
    expect(parseWallClock("2027-03-18T09:30:00")).toBeUndefined();
    expect(parseWallClock("2027-03-18T09:30")?.toString()).toBe("2027-03-18T09:30:00");
  });
});

describe("isValidTimeZone", () => {
  it("accepts IANA names and refuses made-up zones and bare abbreviations", () => {
    expect(isValidTimeZone("Europe/Lisbon")).toBe(true);
    expect(isValidTimeZone("America/New_York")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Europe/Atlantis")).toBe(false);
    expect(isValidTimeZone("GMT+1")).toBe(false);
    expect(isValidTimeZone("BST")).toBe(false);
  });
});

describe("formatDateTime", () => {
  it("writes one instant with the zone's name", () => {
    expect(
      formatDateTime(wallClockToInstant("2027-03-16T17:00", "Europe/London"), "Europe/London"),
    ).toBe("Tue 16 March 2027, 17:00 GMT");
    expect(
      formatDateTime(wallClockToInstant("2027-06-07T18:00", "Europe/Lisbon"), "Europe/Lisbon"),
    ).toBe("Mon 7 June 2027, 18:00 WEST");
  });
});

describe("formatDateTimeRange", () => {
  const range = (start: string, end: string, zone: string) =>
    formatDateTimeRange(wallClockToInstant(start, zone), wallClockToInstant(end, zone), zone);

  it("writes a same-day range with the zone's name", () => {
    expect(range("2027-03-18T09:30", "2027-03-18T12:00", "Europe/London")).toBe(
      "Thu 18 March 2027, 09:30–12:00 GMT",
    );
    expect(range("2027-06-10T16:00", "2027-06-10T17:30", "Europe/London")).toBe(
      "Thu 10 June 2027, 16:00–17:30 BST",
    );
    expect(range("2027-05-20T18:30", "2027-05-20T21:00", "Europe/Lisbon")).toBe(
      "Thu 20 May 2027, 18:30–21:00 WEST",
    );
    expect(range("2027-02-03T11:00", "2027-02-03T12:00", "America/New_York")).toBe(
      "Wed 3 February 2027, 11:00–12:00 EST",
    );
  });

  it("writes both days when an event runs overnight or over several days", () => {
    expect(range("2027-09-14T09:00", "2027-09-15T17:00", "Europe/Lisbon")).toBe(
      "Tue 14 September 2027, 09:00 – Wed 15 September 2027, 17:00 WEST",
    );
  });

  it("names both zones when the clocks change during the event", () => {
    expect(range("2027-03-27T20:00", "2027-03-28T04:00", "Europe/London")).toBe(
      "Sat 27 March 2027, 20:00 GMT – Sun 28 March 2027, 04:00 BST",
    );
  });
});

describe("zone names, offsets and transitions", () => {
  it("gives the short names people know", () => {
    const winter = new Date("2027-01-15T12:00:00Z");
    const summer = new Date("2027-07-15T12:00:00Z");
    expect(zoneAbbreviation(winter, "Europe/London")).toBe("GMT");
    expect(zoneAbbreviation(summer, "Europe/London")).toBe("BST");
    expect(zoneAbbreviation(summer, "America/New_York")).toBe("EDT");
    expect(zoneAbbreviation(summer, "Asia/Tokyo")).toBe("GMT+9");
  });

  it("measures offsets in minutes east of UTC", () => {
    expect(zoneOffsetMinutes(new Date("2027-07-15T12:00:00Z"), "Europe/Lisbon")).toBe(60);
    expect(zoneOffsetMinutes(new Date("2027-01-15T12:00:00Z"), "America/New_York")).toBe(-300);
  });

  it("finds each offset change of a year to the minute", () => {
    expect(zoneTransitions(2027, "Europe/London")).toEqual([
      { at: new Date("2027-03-28T01:00:00Z"), offsetFromMinutes: 0, offsetToMinutes: 60 },
      { at: new Date("2027-10-31T01:00:00Z"), offsetFromMinutes: 60, offsetToMinutes: 0 },
    ]);
    expect(zoneTransitions(2027, "America/New_York")).toEqual([
      { at: new Date("2027-03-14T07:00:00Z"), offsetFromMinutes: -300, offsetToMinutes: -240 },
      { at: new Date("2027-11-07T06:00:00Z"), offsetFromMinutes: -240, offsetToMinutes: -300 },
    ]);
    expect(zoneTransitions(2027, "Asia/Tokyo")).toEqual([]);
  });

  it("gives a date tile's parts in the event's zone", () => {
    // 23:30 UTC on 30 June is already 00:30 on 1 July in Lisbon (WEST, UTC+1).
    expect(dateTileParts(new Date("2027-06-30T23:30:00Z"), "Europe/Lisbon")).toEqual({
      weekday: "Thu",
      day: 1,
      month: "Jul",
      year: 2027,
    });
  });
});

describe("isoWithOffset", () => {
  it("writes the local time with the zone's offset on either side of a DST change", () => {
    expect(isoWithOffset(new Date("2027-03-18T09:30:00Z"), "Europe/London")).toBe(
      "2027-03-18T09:30:00+00:00",
    );
    expect(isoWithOffset(new Date("2027-06-10T13:00:00Z"), "Europe/Lisbon")).toBe(
      "2027-06-10T14:00:00+01:00",
    );
    expect(isoWithOffset(new Date("2027-01-20T15:00:00Z"), "America/New_York")).toBe(
      "2027-01-20T10:00:00-05:00",
    );
  });
});
