import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validateContactForm } from "~/features/contact/contact-schema";
import { findEvent, toEventFacts } from "~/features/events/events.server";
import { sql } from "kysely";
import { parseDatabaseUrl, type AppDatabase } from "../server/db/database";
import { createLeadSpool, type LeadSpool } from "../server/leads/lead-spool";
import { saveLead } from "../server/leads/lead-store";
import { storeRegistration } from "../server/registrations/registration-store";
import { validEnquiry } from "../tests/support/contact-posts";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../tests/support/test-databases";
import { parseLeadsArgs, runLeadsCommand } from "./leads-command";

const address = "ana.ribeiro@northwind.example";
const source = {
  landingPage: "/",
  referrerHost: "www.linkedin.com",
  utmSource: "linkedin",
  utmMedium: "social",
  utmCampaign: "spring",
  formPage: "/contact",
};

describe.each(testDatabaseKinds)("person and erase on %s", (kind) => {
  // Capacity 1: Ana holds the place, Ben waits for it.
  const event = { ...toEventFacts(findEvent("reconciliation-round-table-london")!), capacity: 1 };
  const beforeEvent = new Date(Date.parse(event.startsAt) - 7 * 86_400_000);
  let database: TestDatabase;
  let db: AppDatabase;
  let dir: string;
  let spool: LeadSpool;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = await database.open();
    dir = mkdtempSync(path.join(tmpdir(), "corvanta-erase-"));
    spool = createLeadSpool(path.join(dir, "spool.db"), "test");
    const person = (name: string, email: string) => ({
      name,
      email,
      company: "Northwind Logistics",
      jobTitle: null,
      answers: { "dietary-needs": "No nuts" },
      source,
    });
    const at = (minutes: number) => new Date(beforeEvent.getTime() - minutes * 60_000);
    await storeRegistration(db, event, person("Ana Ribeiro", address), at(30));
    await storeRegistration(db, event, person("Ben Okafor", "ben@elsewhere.example"), at(20));
    await saveLead(db, enquiry({ email: "Ana.Ribeiro@Northwind.example" }), at(10));
    await saveLead(db, enquiry({ name: "Someone Else", email: "else@x.example" }), at(5));
    spool.put({
      leadId: "00000000-0000-4000-8000-000000000001",
      receivedAt: at(1).toISOString(),
      tokenNonce: null,
      enquiry: { ...enquiry({ email: address.toUpperCase() }), source },
    });
  });
  afterEach(async () => {
    spool.close();
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  async function run(argv: string[]) {
    let output = "";
    await runLeadsCommand(parseLeadsArgs(argv), db, (text) => (output += text), {
      spool,
      now: () => beforeEvent,
    });
    return output;
  }

  /** Every row of every table that could hold a person, as text. */
  async function everything() {
    const tables = ["leads", "registrations", "outbox", "registration_events"] as const;
    const rows = await Promise.all(
      tables.map((table) => db.selectFrom(table).selectAll().execute()),
    );
    return JSON.stringify([rows, spool.waiting(1_000)]).toLowerCase();
  }

  it("person exports everything held about the address as JSON, whatever its case", async () => {
    const record = JSON.parse(await run(["person", "--email", "ANA.RIBEIRO@northwind.example"]));
    expect(record.leads).toHaveLength(1);
    expect(record.leads[0]).toMatchObject({ email: "Ana.Ribeiro@Northwind.example" });
    expect(record.registrations).toHaveLength(1);
    expect(record.registrations[0]).toMatchObject({
      status: "confirmed",
      event: event.title,
      answers: { "dietary-needs": "No nuts" },
      utm_source: "linkedin",
      landing_page: "/",
    });
    expect(record.emails.map((mail: { kind: string }) => mail.kind).sort()).toEqual([
      "lead-notification",
      "registration-confirmed",
      "registration-team-new",
    ]);
    expect(record.spooled).toHaveLength(1);
    expect(JSON.stringify(record)).not.toContain("ben@elsewhere.example");
  });

  it("erase leaves no row or spool line holding the address, and promotes the person waiting", async () => {
    expect(await everything()).toContain(address);
    const output = await run(["erase", "--email", address]);

    expect(await everything()).not.toContain(address);
    expect(await everything()).not.toContain("ana ribeiro");
    expect(output).toMatch(/1 leads, 1 registrations \(1 places freed, 1 people promoted/);
    expect(output).toMatch(/1 spooled enquiries/);
    // The log of the erasure names no one.
    expect(output.toLowerCase()).not.toContain("ana");
    expect(output).not.toContain("northwind");

    const ben = await db
      .selectFrom("registrations")
      .selectAll()
      .where("email_key", "=", "ben@elsewhere.example")
      .executeTakeFirstOrThrow();
    expect(ben.status).toBe("confirmed");
    const benMail = await db
      .selectFrom("outbox")
      .select("kind")
      .where("registration_id", "=", ben.id)
      .execute();
    expect(benMail.map((mail) => mail.kind)).toContain("registration-promoted");
    // The others stay; the erased rows are still counted, with their source.
    expect(await everything()).toContain("else@x.example");
    const counted = await db.selectFrom("registrations").select(["status", "utm_source"]).execute();
    expect(counted).toHaveLength(2);
    expect(counted).toContainEqual({ status: "cancelled", utm_source: "linkedin" });
    expect(JSON.parse(await run(["person", "--email", address]))).toMatchObject({
      leads: [],
      registrations: [],
      emails: [],
      spooled: [],
    });
  });

  it.runIf(kind === "sqlite")(
    "erase leaves no byte of the person in the SQLite file, its WAL or a later backup",
    async () => {
      const file = parseDatabaseUrl(database.url) as { file: string };
      const traces = ["ana.ribeiro@northwind.example", "ana ribeiro"];
      /** Which traces of Ana are in these files' bytes, whatever the case. */
      const found = (...files: string[]) => {
        const text = files
          .filter((name) => existsSync(name))
          .map((name) => readFileSync(name).toString("latin1").toLowerCase())
          .join("\n");
        return traces.filter((trace) => text.includes(trace));
      };
      // Committed to the file itself (checkpointed), as on a server running for a while.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
      expect(found(file.file)).toEqual(traces);

      await run(["erase", "--email", address]);
      expect(found(file.file, `${file.file}-wal`)).toEqual([]);

      // A backup made after the erasure carries none either.
      const dir = mkdtempSync(path.join(tmpdir(), "corvanta-erase-backup-"));
      try {
        const identity = path.join(dir, "key");
        spawnSync("age-keygen", ["-o", identity]);
        const recipient = /public key: (age1\w+)/.exec(readFileSync(identity, "utf8"))![1]!;
        const backup = spawnSync(
          process.execPath,
          [
            "--import",
            "tsx",
            "scripts/backup.ts",
            "--out",
            path.join(dir, "b"),
            "--recipient",
            recipient,
          ],
          {
            env: { ...process.env, DATABASE_URL: database.url, LEAD_SPOOL_FILE: "off" },
            encoding: "utf8",
          },
        );
        expect(backup.status, backup.stderr).toBe(0);
        const copy = path.join(dir, "copy.db");
        const age = spawnSync("age", [
          "-d",
          "-i",
          identity,
          "-o",
          copy,
          path.join(dir, "b", "database.sqlite.age"),
        ]);
        expect(age.status, String(age.stderr)).toBe(0);
        expect(found(copy)).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it("erase after the event has started frees no place: nobody is promoted", async () => {
    let output = "";
    const started = new Date(Date.parse(event.startsAt) + 60_000);
    await runLeadsCommand(
      parseLeadsArgs(["erase", "--email", address]),
      db,
      (text) => (output += text),
      {
        spool,
        now: () => started,
      },
    );
    expect(output).toMatch(/0 places freed, 0 people promoted/);
    expect(await everything()).not.toContain(address);
    const statuses = await db.selectFrom("registrations").select("status").orderBy("seq").execute();
    expect(statuses.map((row) => row.status)).toEqual(["confirmed", "waiting"]);
  });
});

function enquiry(overrides: Record<string, string> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...validEnquiry, ...overrides }))
    data.set(key, value);
  const result = validateContactForm(data);
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.enquiry;
}
