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

/**
 * Calendar dates written YYYY-MM-DD in content (the content schema checks
 * them), shown as "12 March 2026". Read from the digits rather than through a
 * Date, so no time zone can move a date to the day before, and without
 * Intl.DateTimeFormat: the first one a page builds loads the locale data, a
 * 20-30 ms task in Chromium on a quick machine, during hydration
 * (docs/benchmarks.md).
 */
export function formatCalendarDate(isoDate: string): string {
  const [year, month = 0, day] = isoDate.split("-").map(Number);
  return `${day} ${monthNames[month - 1]} ${year}`;
}
