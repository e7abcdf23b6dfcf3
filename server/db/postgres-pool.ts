import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";
import { afterUnlessSettled, DatabaseTimeoutError } from "./bounded";

/**
 * The pg pool Kysely uses, with every wait bounded by `timeoutMs`
 * (DATABASE_TIMEOUT_MS; docs/decisions/056):
 *
 * - connecting (a free slot, TCP, start-up, authentication) fails after it;
 * - the server ends any statement, a lock wait included, after it
 *   (statement_timeout, lock_timeout), and a transaction left idle by a client
 *   that went away after twice that (idle_in_transaction_session_timeout);
 * - a server that stops answering altogether (paused, or a listener that
 *   never replies) cannot end anything, so the client gives up on a statement
 *   a second after the server should have, and closes that connection: its
 *   state is unknown, so it is never used again.
 *
 * pg is imported here, when the site runs on PostgreSQL, and not at start:
 * a server on SQLite never loads it (idle memory, issue 11).
 */
export async function boundedPostgresPool(
  url: string,
  { timeoutMs, onError }: { timeoutMs: number; onError: (message: string) => void },
): Promise<PostgresPool> {
  const { default: postgres } = await import("pg");
  const pool = new postgres.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    lock_timeout: timeoutMs,
    idle_in_transaction_session_timeout: timeoutMs * 2,
    keepAlive: true,
  });
  // An idle client that loses its connection must not take the process down;
  // the pool replaces it on the next query.
  pool.on("error", (error) => onError(`PostgreSQL connection lost: ${error.message}`));
  const answerWithinMs = timeoutMs + 1_000;
  return {
    async connect() {
      return boundedClient(await pool.connect(), answerWithinMs, onError);
    },
    end: () => pool.end(),
  };
}

function boundedClient(
  client: pg.PoolClient,
  answerWithinMs: number,
  onError: (message: string) => void,
): PostgresPoolClient {
  let broken: Error | undefined;
  // pg emits "error" on a client whose connection ends while it is checked
  // out; with no listener that would crash the process. The query in flight
  // gets the error too, which is what the caller sees.
  const onClientError = (error: Error) => {
    if (!broken) onError(`PostgreSQL connection lost: ${error.message}`);
    broken ??= error;
  };
  client.on("error", onClientError);

  function query<R>(sql: string, parameters: ReadonlyArray<unknown>) {
    if (broken) return Promise.reject(broken);
    let settled = false;
    let cancel: (() => void) | undefined;
    const giveUp = new Promise<never>((_, reject) => {
      cancel = afterUnlessSettled(
        answerWithinMs,
        () => settled,
        () => {
          broken = new DatabaseTimeoutError(
            `PostgreSQL did not answer within ${answerWithinMs} ms`,
          );
          closeConnection(client);
          reject(broken);
        },
      );
    });
    const answer = client
      .query<R & pg.QueryResultRow>(sql, [...parameters])
      .finally(() => (settled = true));
    return Promise.race([answer, giveUp]).finally(() => cancel?.()) as Promise<
      PostgresQueryResult<R>
    >;
  }

  return {
    query: ((sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) =>
      typeof sqlOrCursor === "string"
        ? query(sqlOrCursor, parameters ?? [])
        : (client.query(sqlOrCursor as never) as unknown)) as PostgresPoolClient["query"],
    release() {
      client.off("error", onClientError);
      // With an error the pool closes the client instead of keeping it.
      client.release(broken);
    },
  };
}

/** Closes the client's socket at once: the server may never answer a polite goodbye. */
function closeConnection(client: pg.PoolClient) {
  const socket = (client as unknown as { connection?: { stream?: { destroy: () => void } } })
    .connection?.stream;
  if (socket) socket.destroy();
  else void client.end().catch(() => undefined);
}
