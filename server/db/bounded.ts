import { setTimeout as sleep } from "node:timers/promises";

/**
 * Every database call the server makes while it serves requests ends within a
 * bound (DATABASE_TIMEOUT_MS): a stalled PostgreSQL, a lock held by another
 * session or a SQLite write lock held by another process costs a visitor that
 * long at most, and never blocks anyone else. See docs/decisions/056.
 */

/** The database did not answer within the bound, or is not there at all. */
export class DatabaseTimeoutError extends Error {
  override name = "DatabaseTimeoutError";
}

/**
 * Calls `expire` after `ms`, unless `settled()` by then. If the process was
 * busy when the time came (a long render, start-up), an answer may already be
 * waiting in a socket, unread: timers run before I/O in each turn of the event
 * loop, so the check waits for the I/O of that turn (setImmediate) first. An
 * answer that has arrived is never thrown away for being read late.
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
 * SQLite's answer when another connection holds the lock it needs. The server
 * waits for a lock only a few milliseconds inside SQLite (busy_timeout), since
 * better-sqlite3 waits synchronously and would stall every other request.
 */
export function isSqliteBusy(error: unknown): boolean {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : "";
  return typeof code === "string" && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

/**
 * Runs `attempt` (a whole transaction) again while SQLite says the database
 * is locked, waiting between attempts on a timer, so the event loop serves
 * other requests meanwhile: 10 ms, then doubling to 100 ms, until `deadline`.
 * Any other failure, or a lock still held at the deadline, is thrown.
 */
export async function retryWhileLocked<T>(attempt: () => Promise<T>, deadline: number): Promise<T> {
  for (let wait = 10; ; wait = Math.min(wait * 2, 100)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
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

/**
 * A database call bounded both ways: retried while SQLite is locked, and
 * given up at `deadline` whatever it waits for. On PostgreSQL the pool
 * (server/db/postgres-pool.ts) also ends the statement itself.
 */
export function boundedCall<T>(
  attempt: () => Promise<T>,
  deadline: number,
  what: string,
): Promise<T> {
  return withinDeadline(retryWhileLocked(attempt, deadline), deadline, what);
}
