import { LRUCache } from "lru-cache";
import type { SeatCounts } from "~/features/events/registration-view";
import { boundedCall } from "../db/bounded";

/**
 * How long an event page may show seat counts already read: the page cache reads them for every
 * response of a kept page (docs/decisions/063), and each would otherwise pay for a query. A change
 * this process takes forgets the event's counts at once, so a visitor sees their own; one made
 * elsewhere shows within this time. The seat itself is always the database's to decide.
 */
export const seatCountMaxAgeMs = 1_000;

/**
 * How long a failed read is remembered. While the database hangs, every event page request would
 * otherwise wait the whole bound (issue 25); this way one does, and those after it are served at
 * once without the counts, as the page does when the read fails (app/routes/event-detail.tsx).
 */
export const seatCountFailureMaxAgeMs = 5_000;

/** An event's seat counts, read at most once at a time and remembered briefly. */
export function seatCountMemo(
  read: (slug: string) => Promise<SeatCounts>,
  timeoutMs: number,
  clock: () => number,
) {
  const remembered = new LRUCache<string, { counts: SeatCounts } | { failure: Error }>({
    max: 1_000, // events taking registrations at once: far more than the content has
    ttl: seatCountMaxAgeMs,
    perf: { now: clock },
    // Reads the clock on every look-up rather than reusing it for a
    // millisecond: the test's clock moves without the event loop turning.
    ttlResolution: 0,
  });
  // Reads under way: requests that come meanwhile wait for the same answer.
  // forget() drops one, so a read that started before a change stores nothing.
  const pending = new Map<string, Promise<SeatCounts>>();
  return {
    read: (slug: string): SeatCounts | Promise<SeatCounts> => {
      const known = remembered.get(slug);
      if (known) {
        if ("counts" in known) return known.counts;
        return Promise.reject(
          new Error(`the seat counts could not be read just now: ${known.failure.message}`, {
            cause: known.failure,
          }),
        );
      }
      const underWay = pending.get(slug);
      if (underWay) return underWay;
      const reading = boundedCall(() => read(slug), Date.now() + timeoutMs, "counting seats");
      pending.set(slug, reading);
      // Attached before the caller's handlers, so they run first: the answer
      // is remembered by the time the caller reads the counts again.
      reading.then(
        (counts) => {
          if (pending.get(slug) !== reading) return;
          pending.delete(slug);
          remembered.set(slug, { counts });
        },
        (error: unknown) => {
          if (pending.get(slug) !== reading) return;
          pending.delete(slug);
          const failure = error instanceof Error ? error : new Error(String(error));
          remembered.set(slug, { failure }, { ttl: seatCountFailureMaxAgeMs });
        },
      );
      return reading;
    },
    forget: (slug: string) => {
      remembered.delete(slug);
      pending.delete(slug);
    },
  };
}
