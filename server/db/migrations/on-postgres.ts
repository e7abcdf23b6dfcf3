import { PostgresAdapter, type Kysely } from "kysely";

/** Whether a migration runs on PostgreSQL (else SQLite), where their SQL differs. */
export const onPostgres = (db: Kysely<unknown>) =>
  db.getExecutor().adapter instanceof PostgresAdapter;
