import Sqlite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
} from "kysely";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withoutPassword } from "../core/logger";
import { withinDeadline } from "./bounded";
import { migrations } from "./migrations";
import { preparePrivateFile } from "./private-file";
import { boundedPostgresPool } from "./postgres-pool";
import type { Database } from "./schema";
import { IsoTimestampsPlugin } from "./timestamps";

/** SQLite (better-sqlite3) or PostgreSQL (pg) behind one Kysely: one code path. Decision 050. */
export type AppDatabase = Kysely<Database>;

export type DatabaseLocation = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

/** Where the leads live when DATABASE_URL is not set: a file under data/, created on first start. */
export const defaultDatabaseUrl = "file:data/corvanta.db";

/** Reads DATABASE_URL: `postgres://...`, `postgresql://...`, or `file:` and a SQLite file path. */
export function parseDatabaseUrl(url: string): DatabaseLocation {
  if (/^postgres(?:ql)?:\/\//i.test(url)) return { kind: "postgres", url };
  if (url.startsWith("file://")) return { kind: "sqlite", file: fileURLToPath(url) };
  if (url.startsWith("file:") && url.length > "file:".length) {
    return { kind: "sqlite", file: path.resolve(url.slice("file:".length)) };
  }
  throw new Error("must be a postgres:// URL or file: followed by a SQLite file path");
}

export function describeDatabase(location: DatabaseLocation): string {
  if (location.kind === "sqlite") return `SQLite at ${location.file}`;
  return `PostgreSQL at ${withoutPassword(location.url)}`;
}

export const defaultDatabaseTimeoutMs = 5_000;

type OpenOptions = {
  migrate?: boolean;
  onError?: (message: string) => void;
  /** PostgreSQL: the bound on connecting, a statement, a lock wait. SQLite: the migrations' wait. */
  timeoutMs?: number;
  /** SQLite, once open: a statement's wait for a lock, blocking the process (bounded.ts). */
  lockWaitMs?: number;
};

export async function openDatabase(
  location: DatabaseLocation,
  {
    migrate = true,
    onError = console.error,
    timeoutMs = defaultDatabaseTimeoutMs,
    lockWaitMs = timeoutMs,
  }: OpenOptions = {},
): Promise<AppDatabase> {
  // Every failure to open names the database, so an operator need not guess which.
  const named = (error: unknown) =>
    new Error(`${describeDatabase(location)}: ${(error as Error).message}`, { cause: error });
  let sqlite: Sqlite.Database | undefined;
  try {
    sqlite = location.kind === "sqlite" ? openSqlite(location.file, timeoutMs) : undefined;
  } catch (error) {
    throw named(error);
  }
  // Kysely creates the PostgreSQL pool on the first query (pg is loaded only then).
  const dialect = sqlite
    ? new SqliteDialect({ database: sqlite })
    : new PostgresDialect({
        pool: () => boundedPostgresPool((location as { url: string }).url, { timeoutMs, onError }),
      });
  const db = new Kysely<Database>({ dialect, plugins: [new IsoTimestampsPlugin()] });
  if (migrate)
    await migrateToLatest(db).catch((error) =>
      closeDatabase(db).then(() => Promise.reject(named(error))),
    );
  sqlite?.pragma(`busy_timeout = ${Math.max(0, Math.round(lockWaitMs))}`);
  return db;
}

/** Closes within `withinMs`, as a stalled PostgreSQL never answers a goodbye. Never throws. */
export async function closeDatabase(db: AppDatabase, withinMs = 1_000): Promise<void> {
  const closing = withinDeadline(db.destroy(), Date.now() + withinMs, "closing the database");
  await closing.catch(() => undefined);
}

function openSqlite(file: string, busyTimeoutMs: number): Sqlite.Database {
  let sqlite: Sqlite.Database | undefined;
  try {
    preparePrivateFile(file);
    sqlite = new Sqlite(file);
    // WAL lets the leads command read while the server writes; synchronous=FULL
    // syncs the log on every commit, so an acknowledged lead survives a power cut.
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = FULL");
    sqlite.pragma("foreign_keys = ON");
    // Deleted rows are overwritten with zeros, not left in free pages: after
    // `leads erase` no byte of the person stays in the file or a later backup.
    sqlite.pragma("secure_delete = ON");
    // Another process may hold the write lock briefly: before the server listens,
    // waiting blocks no one.
    sqlite.pragma(`busy_timeout = ${Math.max(0, Math.round(busyTimeoutMs))}`);
    return sqlite;
  } catch (error) {
    // better-sqlite3's "unable to open database file" names no file: openDatabase names it.
    sqlite?.close();
    throw error;
  }
}

/**
 * SQLite: copies the WAL into the file and empties it (TRUNCATE), after an
 * erasure, since the WAL still holds the erased rows' earlier pages; true when
 * done, false when a reader kept part of it (the server's next checkpoint
 * finishes). PostgreSQL: nothing to do (true).
 */
export async function flushWriteAheadLog(db: AppDatabase): Promise<boolean> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return true;
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return rows[0]?.busy === 0;
}

/** Whether the database answers a trivial query within `timeoutMs` (GET /readyz). Never throws. */
export async function pingDatabase(db: AppDatabase, timeoutMs = 2_000): Promise<boolean> {
  return withinDeadline(sql`select 1`.execute(db), Date.now() + timeoutMs, "ping").then(
    () => true,
    () => false,
  );
}

/**
 * Applies every migration not yet applied. On PostgreSQL Kysely's migrator holds a session advisory
 * lock meanwhile (PostgresAdapter.acquireMigrationLock): instances starting together wait for it,
 * then find the work done (server/db/database.test.ts).
 */
export async function migrateToLatest(db: AppDatabase): Promise<void> {
  // On PostgreSQL the migrator would otherwise see its bookkeeping tables in
  // any schema of the database; name the one the connection works in.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema?.schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "unknown error");
    throw new Error(
      `Database migration ${failed?.migrationName ?? ""} failed: ${reason}`.replace("  ", " "),
    );
  }
}
