import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "~/lib/calendar-date";

describe("formatCalendarDate", () => {
  it("writes the day, the month's name and the year", () => {
    expect(formatCalendarDate("2026-03-12")).toBe("12 March 2026");
  });

  it("keeps the first and last day of a month on their own day", () => {
    expect(formatCalendarDate("2026-11-01")).toBe("1 November 2026");
    expect(formatCalendarDate("2026-12-31")).toBe("31 December 2026");
  });
});
