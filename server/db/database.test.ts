import Sqlite from "better-sqlite3";
import { Migrator, sql } from "kysely";
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../../tests/support/test-databases";
import { validateContactForm } from "~/features/contact/contact-schema";
import { validEnquiry } from "../../tests/support/contact-posts";
import { findLeads, saveLead } from "../leads/lead-store";
import {
  defaultDatabaseUrl,
  describeDatabase,
  migrateToLatest,
  openDatabase,
  parseDatabaseUrl,
  pingDatabase,
  type AppDatabase,
} from "./database";
import { migrations } from "./migrations";

function validatedEnquiry() {
  const data = new FormData();
  for (const [key, value] of Object.entries(validEnquiry)) data.set(key, value);
  const result = validateContactForm(data);
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.enquiry;
}

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

describe("the SQLite database's files", () => {
  let dir: string | undefined;
  let umask: number | undefined;
  afterEach(() => {
    if (umask !== undefined) process.umask(umask);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("are 0600 in a 0700 folder under umask 022, as npm start and the image run", async () => {
    umask = process.umask(0o022);
    dir = mkdtempSync(path.join(tmpdir(), "corvanta-db-"));
    const file = path.join(dir, "data", "corvanta.db");
    const db = await openDatabase({ kind: "sqlite", file });
    try {
      await saveLead(db, validatedEnquiry(), new Date());
      const mode = (name: string) => (statSync(name).mode & 0o777).toString(8);
      expect(mode(path.join(dir, "data"))).toBe("700");
      expect(mode(file)).toBe("600");
      expect(mode(`${file}-wal`)).toBe("600");
      expect(mode(`${file}-shm`)).toBe("600");
    } finally {
      await db.destroy();
    }
  });

  it("left readable by others from before are made 0600", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "corvanta-db-"));
    const file = path.join(dir, "corvanta.db");
    writeFileSync(file, "", { mode: 0o644 });
    chmodSync(file, 0o644);
    const db = await openDatabase({ kind: "sqlite", file });
    await db.destroy();
    expect((statSync(file).mode & 0o777).toString(8)).toBe("600");
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

  // Several instances share PostgreSQL only; on SQLite (one instance) Kysely takes no lock.
  it.runIf(kind === "postgres")(
    "run once when three instances start together on an empty database, and all three come up",
    async () => {
      database = await createTestDatabase(kind);
      // Kysely's migrator holds PostgreSQL's session advisory lock while it migrates
      // (PostgresAdapter.acquireMigrationLock): the others wait, then find every migration applied.
      const [db] = await Promise.all([database.open(), database.open(), database.open()]);
      const applied = await db!
        .selectFrom("kysely_migration" as never)
        .select("name" as never)
        .execute();
      expect(applied.map((row) => (row as { name: string }).name).sort()).toEqual(
        Object.keys(migrations).sort(),
      );
    },
  );

  // GET /readyz asks pingDatabase: it must answer "not ready" at its bound, not queue behind a pool
  // whose every connection is busy (here with 3 s sleeps) and answer "ready" once one is free.
  it.runIf(kind === "postgres")(
    "a ping gives up at its bound while every pooled connection is busy",
    async () => {
      database = await createTestDatabase(kind);
      const db = await database.open({ timeoutMs: 10_000 });
      const busy = Array.from({ length: 10 }, () => sql`select pg_sleep(3)`.execute(db));
      expect(await pingDatabase(db, 300)).toBe(false);
      await Promise.all(busy);
      expect(await pingDatabase(db, 2_000)).toBe(true);
    },
  );
});

describe.each(testDatabaseKinds)("the optional company and budget migration on %s", (kind) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it("lets a lead leave both out, keeps older leads with their outbox rows, and foreign keys on", async () => {
    database = await createTestDatabase(kind);
    const db = await database.open({ migrate: false });
    const names = Object.keys(migrations);
    const before = names[names.indexOf("2026-11-23-005-optional-company-and-budget") - 1]!;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    const at = "2026-11-20T10:00:00.000Z";
    const lead = {
      created_at: at,
      name: "Ana",
      email: "ana@northwind.example",
      phone: null,
      service: "iot",
      message: "A message long enough.",
      consented_at: at,
    };
    await db
      .insertInto("leads")
      .values({ ...lead, id: "lead-old", company: "Northwind", budget: "not-sure" })
      .execute();
    await db
      .insertInto("outbox")
      .values({ id: "outbox-old", lead_id: "lead-old", created_at: at, next_attempt_at: at })
      .execute();

    await migrateToLatest(db);
    await db
      .insertInto("leads")
      .values({ ...lead, id: "lead-new", company: null, budget: null })
      .execute();
    const leads = await db
      .selectFrom("leads")
      .select(["id", "company", "budget"])
      .orderBy("id")
      .execute();
    expect(leads).toEqual([
      { id: "lead-new", company: null, budget: null },
      { id: "lead-old", company: "Northwind", budget: "not-sure" },
    ]);
    expect(await db.selectFrom("outbox").select(["id", "lead_id"]).execute()).toEqual([
      { id: "outbox-old", lead_id: "lead-old" },
    ]);
    // Still enforced after the rebuild: an outbox row for no lead is refused.
    await expect(
      db
        .insertInto("outbox")
        .values({
          id: "outbox-orphan",
          lead_id: "no-such-lead",
          created_at: at,
          next_attempt_at: at,
        })
        .execute(),
    ).rejects.toThrow();
  });
});

describe.each(testDatabaseKinds)("the event registrations migration on %s", (kind) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it("keeps the outbox's waiting lead notifications, and lets a row carry a lead or a registration", async () => {
    database = await createTestDatabase(kind);
    const db = await database.open({ migrate: false });
    const first = Object.keys(migrations)[0]!;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(first)).error).toBeUndefined();

    const at = "2026-11-20T10:00:00.000Z";
    await db
      .insertInto("leads")
      .values({
        id: "lead-1",
        created_at: at,
        name: "Ana",
        email: "ana@northwind.example",
        company: "Northwind",
        phone: null,
        service: "iot",
        budget: "not-sure",
        message: "A message long enough.",
        consented_at: at,
      })
      .execute();
    await db
      .insertInto("outbox")
      .values({ id: "outbox-1", lead_id: "lead-1", created_at: at, next_attempt_at: at })
      .execute();

    await migrateToLatest(db);
    await migrateToLatest(db);
    expect(await db.selectFrom("outbox").selectAll().execute()).toEqual([
      {
        id: "outbox-1",
        lead_id: "lead-1",
        registration_id: null,
        kind: "lead-notification",
        created_at: at,
        attempts: 0,
        next_attempt_at: at,
        sent_at: null,
        last_error: null,
        target: null,
        payload: null,
        dead_at: null,
      },
    ]);
    // A row names exactly one thing to tell about.
    await expect(
      db
        .insertInto("outbox")
        .values({ id: "outbox-2", lead_id: null, created_at: at, next_attempt_at: at })
        .execute(),
    ).rejects.toThrow();
    // The rebuilt table keeps its foreign key and its index of pending rows.
    await db.deleteFrom("leads").execute();
    expect(await db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });
});

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const timestampColumns = [
  ["leads", "created_at"],
  ["leads", "consented_at"],
  ["outbox", "created_at"],
  ["outbox", "next_attempt_at"],
  ["outbox", "sent_at"],
  ["rate_limits", "window_started_at"],
] as const;

describe.each(testDatabaseKinds)("times on %s", (kind) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  /** The column types of the timestamp columns, as the database reports them. */
  async function columnTypes(db: AppDatabase): Promise<string[]> {
    if (kind === "sqlite") {
      const types: string[] = [];
      for (const [table, column] of timestampColumns) {
        const { rows } = await sql<{ name: string; type: string }>`
          select name, type from pragma_table_info(${table})`.execute(db);
        types.push(rows.find((row) => row.name === column)!.type.toLowerCase());
      }
      return types;
    }
    const types: string[] = [];
    for (const [table, column] of timestampColumns) {
      const { rows } = await sql<{ type: string }>`
        select format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = ${table}::regclass and attname = ${column}`.execute(db);
      types.push(rows[0]!.type);
    }
    return types;
  }

  // Rows as the first release wrote them: ISO 8601 UTC strings in text columns.
  async function writeRowsOfTheFirstRelease(db: AppDatabase) {
    const lead = {
      name: "Ana Ribeiro",
      email: "ana.ribeiro@northwind.example",
      company: "Northwind Logistics",
      phone: null,
      service: "web-development",
      budget: "50k-100k",
      message: "We need a customer portal for freight tracking.",
    };
    await db
      .insertInto("leads")
      .values([
        {
          ...lead,
          id: "lead-october",
          created_at: "2026-10-30T12:00:00.000Z",
          consented_at: "2026-10-30T12:00:00.000Z",
        },
        {
          ...lead,
          id: "lead-november",
          created_at: "2026-11-02T08:15:30.125Z",
          consented_at: "2026-11-02T08:15:30.125Z",
        },
      ])
      .execute();
    await db
      .insertInto("outbox")
      .values([
        {
          id: "outbox-sent",
          lead_id: "lead-october",
          created_at: "2026-10-30T12:00:00.000Z",
          attempts: 1,
          next_attempt_at: "2026-10-30T12:05:00.000Z",
          sent_at: "2026-10-30T12:00:01.500Z",
          last_error: null,
        },
        {
          id: "outbox-waiting",
          lead_id: "lead-november",
          created_at: "2026-11-02T08:15:30.125Z",
          attempts: 2,
          next_attempt_at: "2026-11-02T08:16:30.125Z",
          sent_at: null,
          last_error: "connect ECONNREFUSED",
        },
      ])
      .execute();
    await db
      .insertInto("rate_limits")
      .values({ bucket: "203.0.113.10", window_started_at: "2026-11-02T08:10:00.000Z", hits: 2 })
      .execute();
    await db.insertInto("app_secrets").values({ name: "form-token", value: "kept" }).execute();
  }

  async function everyRow(db: AppDatabase) {
    return {
      leads: await db.selectFrom("leads").selectAll().orderBy("id").execute(),
      // The columns the first release had (later migrations add others).
      outbox: await db
        .selectFrom("outbox")
        .select(["id", "lead_id", "created_at", "attempts", "next_attempt_at", "sent_at"])
        .select("last_error")
        .orderBy("id")
        .execute(),
      rate_limits: await db.selectFrom("rate_limits").selectAll().execute(),
      app_secrets: await db.selectFrom("app_secrets").selectAll().execute(),
    };
  }

  it("are timestamptz(3) on PostgreSQL and ISO 8601 text on SQLite, read as the same ISO strings", async () => {
    database = await createTestDatabase(kind);
    const db = await database.open();
    expect(await columnTypes(db)).toEqual(
      Array(timestampColumns.length).fill(
        kind === "postgres" ? "timestamp(3) with time zone" : "text",
      ),
    );
    await writeRowsOfTheFirstRelease(db);
    const rows = await everyRow(db);
    for (const row of [...rows.leads, ...rows.outbox, ...rows.rate_limits]) {
      for (const [key, value] of Object.entries(row)) {
        if (key.endsWith("_at") && value !== null) expect(value, key).toMatch(isoTime);
      }
    }
    expect(rows.outbox.map((row) => row.sent_at)).toEqual(["2026-10-30T12:00:01.500Z", null]);
    // Compared as times, not as text: a time with an offset finds the same lead.
    const since = await db
      .selectFrom("leads")
      .select("id")
      .where("created_at", ">=", "2026-11-02T08:15:30.125Z")
      .execute();
    expect(since).toEqual([{ id: "lead-november" }]);
  });

  it("upgrade in place from a database made by the first release's migration, keeping every row", async () => {
    database = await createTestDatabase(kind);
    const db = await database.open({ migrate: false });
    const [firstName, ...later] = Object.keys(migrations);
    expect(later.length).toBeGreaterThan(0);
    const firstRelease = new Migrator({
      db,
      provider: { getMigrations: async () => ({ [firstName!]: migrations[firstName!]! }) },
      migrationTableSchema: kind === "postgres" ? "public" : undefined,
    });
    expect((await firstRelease.migrateToLatest()).error).toBeUndefined();
    expect(await columnTypes(db)).toEqual(Array(timestampColumns.length).fill("text"));
    await writeRowsOfTheFirstRelease(db);
    const before = await everyRow(db);

    // What the server does at its next start.
    await migrateToLatest(db);

    expect(await columnTypes(db)).toEqual(
      Array(timestampColumns.length).fill(
        kind === "postgres" ? "timestamp(3) with time zone" : "text",
      ),
    );
    // Later migrations add columns, empty on the rows kept (the lead's source, decision 077).
    const sourceColumns = { landing_page: null, referrer_host: null, utm_source: null };
    const added = { ...sourceColumns, utm_medium: null, utm_campaign: null, form_page: null };
    expect(await everyRow(db)).toEqual({
      ...before,
      leads: before.leads.map((lead) => ({ ...lead, ...added, forgotten_at: null })),
    });
    // The leads command's query (list, export, --since) reads the upgraded rows.
    const leads = await findLeads(db, { since: new Date("2026-11-01T00:00:00Z") });
    expect(leads.map((lead) => [lead.id, lead.created_at, lead.notified_at])).toEqual([
      ["lead-november", "2026-11-02T08:15:30.125Z", null],
    ]);
    expect((await findLeads(db)).map((lead) => lead.notified_at)).toEqual([
      "2026-10-30T12:00:01.500Z",
      null,
    ]);
    // The outbox worker's query still finds the waiting row when it is due.
    const due = await db
      .selectFrom("outbox")
      .select("id")
      .where("sent_at", "is", null)
      .where("next_attempt_at", "<=", "2026-11-02T08:16:30.125Z")
      .execute();
    expect(due).toEqual([{ id: "outbox-waiting" }]);
  });
});
