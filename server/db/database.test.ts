import Sqlite from "better-sqlite3";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../../tests/support/test-databases";
import {
  defaultDatabaseUrl,
  describeDatabase,
  migrateToLatest,
  openDatabase,
  parseDatabaseUrl,
} from "./database";
import { migrations } from "./migrations";

describe("parseDatabaseUrl", () => {
  it("reads PostgreSQL URLs and SQLite file paths", () => {
    expect(parseDatabaseUrl("postgres://u:p@db:5432/site")).toEqual({
      kind: "postgres",
      url: "postgres://u:p@db:5432/site",
    });
    expect(parseDatabaseUrl("postgresql://db/site").kind).toBe("postgres");
    expect(parseDatabaseUrl("file:data/x.db")).toEqual({
      kind: "sqlite",
      file: path.resolve("data/x.db"),
    });
    expect(parseDatabaseUrl("file:///var/lib/site/leads.db")).toEqual({
      kind: "sqlite",
      file: "/var/lib/site/leads.db",
    });
    expect(parseDatabaseUrl(defaultDatabaseUrl)).toEqual({
      kind: "sqlite",
      file: path.resolve("data/corvanta.db"),
    });
  });

  it("refuses anything else", () => {
    for (const url of ["mysql://db/site", "data/x.db", "file:", ""]) {
      expect(() => parseDatabaseUrl(url), url).toThrow(/postgres:\/\/ URL or file:/);
    }
  });

  it("never puts a password in the log line", () => {
    expect(describeDatabase(parseDatabaseUrl("postgres://site:s3cret@db:5432/leads"))).toBe(
      "PostgreSQL at postgres://site:***@db:5432/leads",
    );
  });
});

describe("the SQLite database", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("is created on first start, folders included, in WAL mode with synchronous=FULL", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "corvanta-db-"));
    const file = path.join(dir, "nested", "data", "leads.db");
    const db = await openDatabase({ kind: "sqlite", file });
    await db.destroy();

    const sqlite = new Sqlite(file, { readonly: true });
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining(["app_secrets", "leads", "outbox", "rate_limits"]),
    );
    sqlite.close();
  });
});

describe("a SQLite database that cannot be opened", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("names the file when its folder cannot be written", async () => {
    // No one, root included, may create a file in /proc.
    const file = "/proc/corvanta-faults-test.db";
    await expect(openDatabase({ kind: "sqlite", file })).rejects.toThrow(
      `SQLite at ${file}: unable to open database file`,
    );
  });

  it("names the file when a file stands where its folder should be", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "corvanta-db-"));
    writeFileSync(path.join(dir, "data"), "not a folder");
    const file = path.join(dir, "data", "leads.db");
    await expect(openDatabase({ kind: "sqlite", file })).rejects.toThrow(
      new RegExp(`^SQLite at ${file}: EEXIST`),
    );
  });
});

describe.each(testDatabaseKinds)("migrations on %s", (kind) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it("run at start-up and change nothing when run again", async () => {
    database = await createTestDatabase(kind);
    const db = await database.open();
    await db.insertInto("app_secrets").values({ name: "kept", value: "across restarts" }).execute();
    await migrateToLatest(db);
    const restarted = await database.open();
    const applied = await restarted
      .selectFrom("kysely_migration" as never)
      .selectAll()
      .execute();
    expect(applied).toHaveLength(Object.keys(migrations).length);
    expect(await restarted.selectFrom("app_secrets").selectAll().execute()).toEqual([
      { name: "kept", value: "across restarts" },
    ]);
  });
});
