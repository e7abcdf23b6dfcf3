import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * The current year. Prerendered pages carry the year they were built in, so the
 * HTML renders with that and the browser moves to today's year after hydration:
 * a page built in December still says the new year in January, with no
 * hydration mismatch.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}
