import Sqlite from "better-sqlite3";
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from "kysely";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrations } from "./migrations";
import type { Database } from "./schema";

/**
 * The lead database: SQLite through better-sqlite3 by default, PostgreSQL
 * through pg when DATABASE_URL is a postgres:// URL. Both sit behind the same
 * Kysely instance, so every query has one code path. See docs/decisions/050.
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
  const url = new URL(location.url);
  if (url.password) url.password = "***";
  return `PostgreSQL at ${url.toString()}`;
}

type OpenOptions = {
  /** Run the migrations (the server and the leads command do; some tests open an existing file). */
  migrate?: boolean;
  onError?: (message: string) => void;
};

/** Opens the database, creating the SQLite file if needed, and brings its schema up to date. */
export async function openDatabase(
  location: DatabaseLocation,
  { migrate = true, onError = console.error }: OpenOptions = {},
): Promise<AppDatabase> {
  // Every failure to open names the database: an operator reading the log
  // should not have to guess which file or server was meant.
  const named = (error: unknown) =>
    new Error(`${describeDatabase(location)}: ${(error as Error).message}`, { cause: error });
  let db: AppDatabase;
  try {
    db = new Kysely<Database>({
      dialect:
        location.kind === "sqlite"
          ? sqliteDialect(location.file)
          : postgresDialect(location.url, onError),
    });
  } catch (error) {
    throw named(error);
  }
  if (migrate) {
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      throw named(error);
    }
  }
  return db;
}

function sqliteDialect(file: string): SqliteDialect {
  let sqlite: Sqlite.Database | undefined;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    sqlite = new Sqlite(file);
    // WAL lets the leads command read while the server writes; synchronous=FULL
    // syncs the log on every commit, so an acknowledged lead survives a power cut.
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = FULL");
    sqlite.pragma("foreign_keys = ON");
    // Another process (a second server, the leads command) may hold the write lock briefly.
    sqlite.pragma("busy_timeout = 5000");
  } catch (error) {
    // better-sqlite3 says "unable to open database file" without the file: openDatabase names it.
    sqlite?.close();
    throw error;
  }
  return new SqliteDialect({ database: sqlite });
}

function postgresDialect(url: string, onError: (message: string) => void): PostgresDialect {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection must not take the process down;
  // the pool replaces it on the next query.
  pool.on("error", (error) => onError(`PostgreSQL connection lost: ${error.message}`));
  return new PostgresDialect({ pool });
}

/**
 * Whether the database answers a trivial query within `timeoutMs`: the
 * server's readiness (GET /readyz). Never throws.
 */
export async function pingDatabase(db: AppDatabase, timeoutMs = 2_000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
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
