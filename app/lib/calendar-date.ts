/**
 * Calendar dates written YYYY-MM-DD in content, shown as "12 March 2026".
 * Formatted in UTC so the server's and the browser's time zones cannot move a
 * date to the day before (and so hydration sees the same text).
 */
const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export function formatCalendarDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The months in English, January first (content messages and event dates). */
export const monthNames: readonly string[] = [
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
