import Sqlite from "better-sqlite3";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validateContactForm } from "~/features/contact/contact-schema";
import { contactPost, formFields, validEnquiry } from "../../tests/support/contact-posts";
import { manualClock, recordingLogger, type ManualClock } from "../../tests/support/manual-clock";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../../tests/support/test-databases";
import type { AppDatabase } from "../db/database";
import { formTokenNonce } from "../forms/form-token";
import { createLeadIntake, type LeadIntakeOptions } from "./lead-intake";
import { createLeadSpool, createSpoolDrainer, type LeadSpool } from "./lead-spool";
import { saveLead } from "./lead-store";

// What the contact form does when the lead database cannot take an enquiry
// (issue 15, docs/decisions/055): the local spool keeps it and the visitor is
// told it was received; the drainer moves it in, exactly once, when the
// database answers; without a spool the visitor gets the form back, kept.

const SECRET = "a-test-secret-that-is-long-enough-0002";
const rateLimit = { maxPosts: 3, windowMs: 10 * 60_000 };
/** Short, so a test that waits it out stays quick; the server's default is 5 s. */
const timeoutMs = 600;

describe.each(testDatabaseKinds)("the lead spool on %s", (kind) => {
  let database: TestDatabase;
  let db: AppDatabase;
  let clock: ManualClock;
  let log: ReturnType<typeof recordingLogger>;
  let dir: string;
  let spool: LeadSpool;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = await database.open({ timeoutMs, lockWaitMs: 5 });
    clock = manualClock();
    log = recordingLogger();
    dir = mkdtempSync(path.join(tmpdir(), "corvanta-spool-"));
    spool = createLeadSpool(path.join(dir, "spool.db"), `test ${kind}`);
  });
  afterEach(async () => {
    spool.close();
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  function intakeOver(over: AppDatabase, options: Partial<LeadIntakeOptions> = {}) {
    return createLeadIntake({
      db: over,
      tokenSecret: SECRET,
      rateLimit,
      log,
      now: clock,
      timeoutMs,
      spool,
      ...options,
    });
  }

  /** A token from a form rendered 20 s ago on the test's clock. */
  function humanToken(intake: ReturnType<typeof intakeOver>): string {
    const token = intake.issueToken();
    clock.advance(20_000);
    return token;
  }

  /** A database handle that is gone: every query on it fails at once. */
  async function goneDatabase(): Promise<AppDatabase> {
    const gone = await database.open({ timeoutMs, lockWaitMs: 5 });
    await gone.destroy();
    return gone;
  }

  const leads = () => db.selectFrom("leads").selectAll().execute();
  const outboxRows = () => db.selectFrom("outbox").selectAll().execute();
  const drainer = () => createSpoolDrainer({ db, spool, log, timeoutMs });

  it("keeps an enquiry the database cannot take, acknowledges it, and moves it in exactly once", async () => {
    const intake = intakeOver(await goneDatabase());
    const token = humanToken(intake);
    const outcome = await intake.receive(contactPost(formFields(token)));
    expect(outcome).toMatchObject({ kind: "accepted" });
    const leadId = (outcome as { leadId: string }).leadId;
    expect(await leads()).toEqual([]);
    expect(spool.count()).toBe(1);
    expect(statSync(spool.file).mode & 0o777).toBe(0o600);
    expect(log.lines).toContain(
      `Contact form: kept lead ${leadId} in the spool at ${spool.file}; it moves into the database when that answers`,
    );

    // The same token again, while its lead waits in the spool: refused.
    expect(await intake.receive(contactPost(formFields(token), "198.51.100.9"))).toMatchObject({
      kind: "rejected",
    });
    expect(spool.count()).toBe(1);

    expect(await drainer().drain()).toEqual({ moved: 1, waiting: 0 });
    const stored = await leads();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: leadId, email: validEnquiry.email });
    expect((await outboxRows()).map((row) => row.lead_id)).toEqual([leadId]);
    const nonces = await db.selectFrom("form_token_uses").select("nonce").execute();
    expect(nonces).toEqual([{ nonce: formTokenNonce(token) }]);
    expect(await drainer().drain()).toEqual({ moved: 0, waiting: 0 });
    expect(await leads()).toHaveLength(1);
    // Once in the database, the token is refused there too.
    expect(await intakeOver(db).receive(contactPost(formFields(token)))).toMatchObject({
      kind: "rejected",
    });
    expect(await leads()).toHaveLength(1);
  });

  it("stores a lead once when the original request committed after all", async () => {
    const result = validateContactForm(toFormData(validEnquiry));
    if (!result.success) throw new Error("the test enquiry is invalid");
    const at = clock();
    const leadId = await saveLead(db, result.enquiry, at, { tokenNonce: "nonce-1" });
    spool.put({
      leadId,
      receivedAt: at.toISOString(),
      tokenNonce: "nonce-1",
      enquiry: result.enquiry,
    });

    expect(await drainer().drain()).toEqual({ moved: 1, waiting: 0 });
    expect(await leads()).toHaveLength(1);
    expect(await outboxRows()).toHaveLength(1);
    expect(log.lines.at(-1)).toBe(
      `Contact form: spooled lead ${leadId} was already in the database; removed it from the spool`,
    );
  });

  it("waits at most the bound for a lock another connection holds, without blocking the process", async () => {
    const release = await holdWriteLock(kind, database.url);
    try {
      const intake = intakeOver(db);
      // A timer that should fire every 10 ms: it keeps firing while the post waits.
      let ticks = 0;
      const ticker = setInterval(() => (ticks += 1), 10);
      const started = Date.now();
      const outcome = await intake.receive(contactPost(formFields(humanToken(intake))));
      const waited = Date.now() - started;
      clearInterval(ticker);

      expect(outcome).toMatchObject({ kind: "accepted" });
      expect(spool.count()).toBe(1);
      expect(waited).toBeGreaterThanOrEqual(timeoutMs - 50);
      // Far more than the handful a process blocked for the whole wait would see.
      expect(ticks).toBeGreaterThan(5);
    } finally {
      await release();
    }
    await drainer().drain();
    expect(await leads()).toHaveLength(1);
    expect(await outboxRows()).toHaveLength(1);
    expect(spool.count()).toBe(0);
  });

  it("counts posts in the process while the database cannot", async () => {
    const intake = intakeOver(await goneDatabase());
    for (let post = 0; post < rateLimit.maxPosts; post++) {
      expect(await intake.receive(contactPost(formFields(humanToken(intake))))).toMatchObject({
        kind: "accepted",
      });
    }
    expect(await intake.receive(contactPost(formFields(humanToken(intake))))).toMatchObject({
      kind: "rate-limited",
    });
    expect(spool.count()).toBe(rateLimit.maxPosts);
  });

  it("without a spool, hands the form back with every value and a time to try again", async () => {
    const intake = intakeOver(await goneDatabase(), { spool: undefined });
    const outcome = await intake.receive(contactPost(formFields(humanToken(intake))));
    expect(outcome).toEqual({ kind: "unavailable", retryAfterSeconds: 120, values: validEnquiry });
    expect(await leads()).toEqual([]);
  });

  it("when the spool cannot be written either, hands the form back with every value", async () => {
    writeFileSync(path.join(dir, "a-file"), "not a folder");
    const unwritable = createLeadSpool(path.join(dir, "a-file", "spool.db"), "test");
    const intake = intakeOver(await goneDatabase(), { spool: unwritable });
    const outcome = await intake.receive(contactPost(formFields(humanToken(intake))));
    expect(outcome).toEqual({ kind: "unavailable", retryAfterSeconds: 120, values: validEnquiry });
    expect(log.lines.some((line) => line.includes("did not take lead"))).toBe(true);
  });
});

function toFormData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/**
 * Another connection holding the lock a lead's insert needs, until released:
 * SQLite's write lock, or PostgreSQL's lock on the leads table.
 */
async function holdWriteLock(kind: string, url: string): Promise<() => Promise<void>> {
  if (kind === "sqlite") {
    const other = new Sqlite(url.slice("file:".length));
    other.exec("begin immediate");
    return async () => {
      other.exec("rollback");
      other.close();
    };
  }
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  await other.query("begin");
  await other.query("lock table leads in access exclusive mode");
  return async () => {
    await other.query("rollback");
    await other.end();
  };
}

describe("the spool's files", () => {
  it("are 0600 in a 0700 folder it makes, under umask 022", () => {
    const result = validateContactForm(toFormData(validEnquiry));
    if (!result.success) throw new Error("the test enquiry is invalid");
    const validated = result.enquiry;
    const umask = process.umask(0o022);
    const dir = mkdtempSync(path.join(tmpdir(), "corvanta-spool-"));
    const spool = createLeadSpool(path.join(dir, "state", "spool.db"), "modes");
    try {
      spool.put({
        leadId: "00000000-0000-4000-8000-00000000000f",
        receivedAt: new Date().toISOString(),
        tokenNonce: null,
        enquiry: validated,
      });
      const mode = (name: string) => (statSync(name).mode & 0o777).toString(8);
      expect(mode(path.join(dir, "state"))).toBe("700");
      for (const name of [spool.file, `${spool.file}-wal`, `${spool.file}-shm`]) {
        expect(mode(name), name).toBe("600");
      }
    } finally {
      spool.close();
      process.umask(umask);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
