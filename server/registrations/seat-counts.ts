import { LRUCache } from "lru-cache";
import type { SeatCounts } from "~/features/events/registration-view";
import { boundedCall } from "../db/bounded";

/**
 * How long an event page may show seat counts already read: the open event
 * page is kept by the page cache, which reads the counts again for every
 * response (docs/decisions/063): without this every request paid for a query. A registration or cancellation taken
 * by this process forgets the event's counts at once, so a visitor sees their
 * own change; one made elsewhere shows within this time. The seat itself is
 * always decided by the database (storeRegistration).
 */
export const seatCountMaxAgeMs = 1_000;

/**
 * How long a failed read of the seat counts is remembered. While the database
 * hangs, every request for an event page would otherwise wait the whole bound
 * (issue 25). Remembered, the failure
 * costs one request the bound; the requests after it within this time are
 * served at once without the counts, as the event page does when the read
 * fails (app/routes/event-detail.tsx).
 */
export const seatCountFailureMaxAgeMs = 5_000;

/** A read of an event's seat counts, as remembered: the counts, or why they could not be read. */
type SeatCountRead = { counts: SeatCounts } | { failure: Error };

/** Most events that take registrations at once; far more than the content has. */
const maxRememberedEvents = 1_000;

/** An event's seat counts, read at most once at a time and remembered briefly. */
export function seatCountMemo(
  read: (slug: string) => Promise<SeatCounts>,
  timeoutMs: number,
  clock: () => number,
) {
  const remembered = new LRUCache<string, SeatCountRead>({
    max: maxRememberedEvents,
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
