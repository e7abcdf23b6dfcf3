import { setTimeout as sleep } from "node:timers/promises";

/*
 * Every database call the server makes while serving ends within a bound
 * (DATABASE_TIMEOUT_MS): a stalled PostgreSQL, a lock held by another session
 * or another process's SQLite write lock costs a visitor that long at most,
 * and never blocks anyone else. See docs/decisions/056.
 */

/** The database did not answer within the bound, or is not there at all. */
export class DatabaseTimeoutError extends Error {
  override name = "DatabaseTimeoutError";
}

/**
 * Calls `expire` after `ms`, unless `settled()` by then. Timers run before I/O
 * in each turn of the event loop, so if the process was busy when the time
 * came, an answer may be waiting unread in a socket: the check waits for that
 * turn's I/O (setImmediate) first, and an arrived answer is never thrown away.
 */
export function afterUnlessSettled(
  ms: number,
  settled: () => boolean,
  expire: () => void,
): () => void {
  let immediate: ReturnType<typeof setImmediate> | undefined;
  const timer = setTimeout(
    () => {
      immediate = setImmediate(() => {
        if (!settled()) expire();
      });
    },
    Math.max(0, ms),
  );
  return () => {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
  };
}

/** Rejects with DatabaseTimeoutError if `work` has not settled by `deadline` (a Date.now() value). */
export async function withinDeadline<T>(
  work: Promise<T>,
  deadline: number,
  what: string,
): Promise<T> {
  let settled = false;
  let cancel: (() => void) | undefined;
  const timeout = new Promise<never>((_, reject) => {
    cancel = afterUnlessSettled(
      deadline - Date.now(),
      () => settled,
      () => reject(new DatabaseTimeoutError(`${what}: no answer in time`)),
    );
  });
  const watched = work.finally(() => (settled = true));
  try {
    return await Promise.race([watched, timeout]);
  } finally {
    cancel?.();
  }
}

/**
 * Runs `attempt` (a whole transaction) again while SQLite says another
 * connection holds the lock, waiting on a timer so other requests are served
 * meanwhile (better-sqlite3's own wait, busy_timeout, blocks the process):
 * 10 ms, doubling to 100 ms, until `deadline`. Any other failure, or a lock
 * still held at the deadline, is thrown.
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
