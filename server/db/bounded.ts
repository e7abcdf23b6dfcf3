import { setTimeout as sleep } from "node:timers/promises";
import { databaseTimeouts } from "../core/metrics";

/*
 * Every database call the server makes while serving ends within a bound (DATABASE_TIMEOUT_MS): a
 * stalled PostgreSQL, a lock held by another session or another process's SQLite write lock costs a
 * visitor that long at most, and never blocks anyone else. See docs/decisions/056.
 */

/** The database did not answer within the bound, or is not there at all; each one is counted (/metrics). */
export class DatabaseTimeoutError extends Error {
  override name = "DatabaseTimeoutError";
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    databaseTimeouts.inc();
  }
}

/**
 * Rejects with `expire()` if `work` has not settled within `ms`. Timers run before I/O in each turn
 * of the event loop, so after a busy spell an answer may be waiting unread in a socket: the check
 * waits for that turn's I/O (setImmediate) first, and an arrived answer is never thrown away.
 */
export async function settleWithin<T>(
  work: Promise<T>,
  ms: number,
  expire: () => Error,
): Promise<T> {
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const check = () => {
      if (!settled) reject(expire());
    };
    timer = setTimeout(() => (immediate = setImmediate(check)), Math.max(0, ms));
  });
  try {
    return await Promise.race([work.finally(() => (settled = true)), timeout]);
  } finally {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  }
}

/** Rejects with DatabaseTimeoutError if `work` has not settled by `deadline` (a Date.now() value). */
export function withinDeadline<T>(work: Promise<T>, deadline: number, what: string): Promise<T> {
  const expire = () => new DatabaseTimeoutError(`${what}: no answer in time`);
  return settleWithin(work, deadline - Date.now(), expire);
}

/**
 * Runs `attempt` (a whole transaction) again while SQLite says another connection holds the lock,
 * waiting on a timer so other requests are served meanwhile (better-sqlite3's busy_timeout blocks
 * the process): 10 ms, doubling to 100 ms, until `deadline`. Any other failure, or a lock still
 * held at the deadline, is thrown.
 */
export async function retryWhileLocked<T>(attempt: () => Promise<T>, deadline: number): Promise<T> {
  for (let wait = 10; ; wait = Math.min(wait * 2, 100)) {
    try {
      return await attempt();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code !== "string" || !/^SQLITE_(BUSY|LOCKED)/.test(code)) throw error;
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new DatabaseTimeoutError("the SQLite database stayed locked by another connection", {
          cause: error,
        });
      }
      await sleep(Math.min(wait + Math.random() * wait, remaining));
    }
  }
}

/** A call retried while SQLite is locked and given up at `deadline` (the pg pool ends it too). */
export function boundedCall<T>(
  attempt: () => Promise<T>,
  deadline: number,
  what: string,
): Promise<T> {
  return withinDeadline(retryWhileLocked(attempt, deadline), deadline, what);
}
