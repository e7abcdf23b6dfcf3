import Sqlite from "better-sqlite3";
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from "kysely";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withoutPassword } from "../core/logger";
import { withinDeadline } from "./bounded";
import { migrations } from "./migrations";
import { boundedPostgresPool } from "./postgres-pool";
import type { Database } from "./schema";
import { IsoTimestampsPlugin } from "./timestamps";

/**
 * The lead database: SQLite through better-sqlite3 by default, PostgreSQL
 * through pg when DATABASE_URL is a postgres:// URL, both behind one Kysely
 * instance, so every query has one code path. See docs/decisions/050.
 */
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

/** A description for logs: the file, or the PostgreSQL address without its password. */
export function describeDatabase(location: DatabaseLocation): string {
  if (location.kind === "sqlite") return `SQLite at ${location.file}`;
  return `PostgreSQL at ${withoutPassword(location.url)}`;
}

/** The longest one database call may take, unless DATABASE_TIMEOUT_MS says otherwise. */
export const defaultDatabaseTimeoutMs = 5_000;

type OpenOptions = {
  /** Run the migrations (the server and the leads command do; some tests open an existing file). */
  migrate?: boolean;
  onError?: (message: string) => void;
  /** PostgreSQL: the bound on connecting, a statement, a lock wait. SQLite: the migrations' wait. */
  timeoutMs?: number;
  /** SQLite, once open: a statement's wait for a lock, blocking the process (bounded.ts). */
  lockWaitMs?: number;
};

/** Opens the database, creating the SQLite file if needed, and brings its schema up to date. */
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
  let db: AppDatabase;
  let sqlite: Sqlite.Database | undefined;
  try {
    // Kysely creates the PostgreSQL pool on the first query (pg is loaded only then).
    const dialect =
      location.kind === "sqlite"
        ? new SqliteDialect({ database: (sqlite = openSqlite(location.file, timeoutMs)) })
        : new PostgresDialect({
            pool: () => boundedPostgresPool(location.url, { timeoutMs, onError }),
          });
    db = new Kysely<Database>({ dialect, plugins: [new IsoTimestampsPlugin()] });
  } catch (error) {
    throw named(error);
  }
  if (migrate) {
    try {
      await migrateToLatest(db);
    } catch (error) {
      await closeDatabase(db);
      throw named(error);
    }
  }
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
    mkdirSync(path.dirname(file), { recursive: true });
    sqlite = new Sqlite(file);
    // WAL lets the leads command read while the server writes; synchronous=FULL
    // syncs the log on every commit, so an acknowledged lead survives a power cut.
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = FULL");
    sqlite.pragma("foreign_keys = ON");
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

/** Whether the database answers a trivial query within `timeoutMs` (GET /readyz). Never throws. */
export async function pingDatabase(db: AppDatabase, timeoutMs = 2_000): Promise<boolean> {
  return withinDeadline(sql`select 1`.execute(db), Date.now() + timeoutMs, "ping").then(
    () => true,
    () => false,
  );
}

/** Applies every migration not yet applied; running it again changes nothing. */
export async function migrateToLatest(db: AppDatabase): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // On PostgreSQL the migrator would otherwise see its bookkeeping tables in
    // any schema of the database; name the one the connection works in.
    migrationTableSchema: await currentPostgresSchema(db),
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

async function currentPostgresSchema(db: AppDatabase): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
