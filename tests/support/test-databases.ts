import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, parseDatabaseUrl, type AppDatabase } from "../../server/db/database";

/**
 * Throwaway databases for the tests: a SQLite file in a temporary folder
 * always, and a fresh database on the PostgreSQL server of TEST_DATABASE_URL
 * when it is set (`.ci/run` sets it), so every test sees empty tables. A
 * database each, not a schema each: the migrator reads the catalogue of the
 * whole database, which another test may be dropping a schema from.
 */
export type TestDatabaseKind = "sqlite" | "postgres";

export const testDatabaseKinds: readonly TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["sqlite", "postgres"]
  : ["sqlite"];

export type TestDatabase = {
  kind: TestDatabaseKind;
  /** A DATABASE_URL for a server process or the leads command. */
  url: string;
  /**
   * Opens (and migrates, unless `migrate: false`) a Kysely instance on it,
   * with the server's timeouts when given; `drop` closes every one it opened.
   */
  open: (options?: {
    migrate?: boolean;
    timeoutMs?: number;
    lockWaitMs?: number;
  }) => Promise<AppDatabase>;
  drop: () => Promise<void>;
};

export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  const opened: AppDatabase[] = [];
  const open = async ({
    migrate = true,
    ...timeouts
  }: { migrate?: boolean; timeoutMs?: number; lockWaitMs?: number } = {}) => {
    const db = await openDatabase(parseDatabaseUrl(url), {
      migrate,
      onError: () => undefined,
      ...timeouts,
    });
    opened.push(db);
    return db;
  };
  // A test may have closed one itself already.
  const closeAll = () =>
    Promise.all(opened.splice(0).map((db) => db.destroy().catch(() => undefined)));

  let url: string;
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "corvanta-leads-"));
    url = `file:${path.join(dir, "leads.db")}`;
    return {
      kind,
      url,
      open,
      drop: async () => {
        await closeAll();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `corvanta_test_${randomBytes(6).toString("hex")}`;
  await withClient(base, (client) => client.query(`CREATE DATABASE ${name}`));
  const own = new URL(base);
  own.pathname = `/${name}`;
  url = own.toString();
  return {
    kind,
    url,
    open,
    drop: async () => {
      await closeAll();
      await withClient(base, (client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`));
    },
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
