import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";
import { DatabaseTimeoutError, settleWithin } from "./bounded";

/**
 * The pg pool Kysely uses, every wait bounded by `timeoutMs` (DATABASE_TIMEOUT_MS): connecting
 * fails after it; the server ends a statement or lock wait after it, an idle transaction after
 * twice that. A server that stops answering ends nothing, so the client gives up a second later
 * and closes that connection, whose state is unknown. pg is imported only here: a server on SQLite
 * never loads it (idle memory, issue 11). docs/decisions/056.
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
  // An idle client losing its connection must not crash the process; the pool replaces it.
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
  // Unheard, pg's "error" on a checked-out client would crash the process;
  // the query in flight gets the error too, which is what the caller sees.
  const onClientError = (error: Error) => {
    if (!broken) onError(`PostgreSQL connection lost: ${error.message}`);
    broken ??= error;
  };
  client.on("error", onClientError);

  function query<R>(sql: string, parameters: ReadonlyArray<unknown>) {
    if (broken) return Promise.reject(broken);
    const answer = client.query<R & pg.QueryResultRow>(sql, [...parameters]);
    return settleWithin(answer, answerWithinMs, () => {
      broken = new DatabaseTimeoutError(`PostgreSQL did not answer within ${answerWithinMs} ms`);
      closeConnection(client);
      return broken;
    }) as Promise<PostgresQueryResult<R>>;
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
