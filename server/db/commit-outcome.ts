import { setTimeout as sleep } from "node:timers/promises";
import { PostgresAdapter, sql, type Transaction } from "kysely";
import { DatabaseTimeoutError, withinDeadline } from "./bounded";
import type { AppDatabase } from "./database";
import type { Database } from "./schema";

/*
 * A COMMIT whose answer never came (the connection given up by postgres-pool.ts, a network that
 * dropped it) may or may not have committed. PostgreSQL can say which: the transaction's id, read
 * inside it, and pg_xact_status once its session has ended (pg_terminate_backend ends one that
 * still holds it open). SQLite commits in this process and always knows. Issue 41, defect 2;
 * docs/decisions/089.
 */

/** The outcome could not be learnt in time: the database did not answer the question. */
export class CommitOutcomeUnknownError extends DatabaseTimeoutError {
  override name = "CommitOutcomeUnknownError";
}

/**
 * Runs `body` in a transaction and resolves with its value if, and only if, it committed, even
 * when the COMMIT's answer was lost: then it asks the database, for up to `resolveWithinMs`.
 * Rejects with the transaction's error if it did not
 * commit, and with CommitOutcomeUnknownError if the database never says.
 */
export async function transactionWithKnownOutcome<T>(
  db: AppDatabase,
  body: (trx: Transaction<Database>) => Promise<T>,
  resolveWithinMs: number,
): Promise<T> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let session: { xid: string; pid: number } | undefined;
  let finished: { value: T } | undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      if (postgres) {
        const { rows } = await sql<{ xid: string; pid: number }>`
          select pg_current_xact_id()::text as xid, pg_backend_pid() as pid`.execute(trx);
        session = rows[0];
      }
      finished = { value: await body(trx) };
      return finished.value;
    });
  } catch (error) {
    // Failed before its COMMIT was sent: the session rolls it back, whatever became of it.
    if (!session || !finished) throw error;
    const status = await settledStatus(db, session, Date.now() + resolveWithinMs, error);
    if (status === "committed") return finished.value;
    throw error;
  }
}

async function settledStatus(
  db: AppDatabase,
  { xid, pid }: { xid: string; pid: number },
  deadline: number,
  cause: unknown,
): Promise<"committed" | "aborted"> {
  const ask = <R>(query: { execute: (db: AppDatabase) => Promise<{ rows: R[] }> }) =>
    withinDeadline(query.execute(db), deadline, "learning a transaction's outcome");
  try {
    for (;;) {
      const [row] = (
        await ask(sql<{ status: string | null }>`select pg_xact_status(${xid}::xid8) as status`)
      ).rows;
      if (row?.status === "committed" || row?.status === "aborted") return row.status;
      if (row?.status !== "in progress") break;
      // Its session still holds it (a COMMIT not read yet): ending the session settles it, and a
      // COMMIT it has begun still completes. Waits up to a second for the session to go.
      await ask(sql`select pg_terminate_backend(${pid}::int, 1000)`);
      await sleep(20);
    }
  } catch (error) {
    throw new CommitOutcomeUnknownError(
      `the database did not say whether a transaction committed: ${(error as Error).message}`,
      { cause },
    );
  }
  throw new CommitOutcomeUnknownError("the database no longer knows the transaction", { cause });
}
