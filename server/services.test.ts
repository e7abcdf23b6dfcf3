import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordingLogger } from "../tests/support/manual-clock";
import { startSmtpSink } from "../tests/support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-databases";
import { readEnv } from "./env";
import { register } from "prom-client";
import { validLeadFields } from "../tests/support/contact-posts";
import { saveLead } from "./leads/lead-store";
import { spoolFileFor, startLeadPipeline, type LeadPipeline } from "./services";

describe("the lead pipeline at start-up", () => {
  let database: TestDatabase;
  let pipeline: LeadPipeline | undefined;
  const closing: (() => Promise<unknown>)[] = [];
  beforeEach(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterEach(async () => {
    await pipeline?.close({ flushWithinMs: 0 });
    pipeline = undefined;
    for (const close of closing.splice(0)) await close();
    await database.drop();
  });

  async function start(smtpUrl: string) {
    const log = recordingLogger();
    pipeline = await startLeadPipeline(readEnv({ DATABASE_URL: database.url, SMTP_URL: smtpUrl }), {
      log,
    });
    return log;
  }

  it("checks the SMTP server and logs that it answered", async () => {
    const sink = await startSmtpSink();
    closing.push(() => sink.close());
    const log = await start(sink.url.replace("smtp://", "smtp://site:s3cret@"));
    await vi.waitFor(() =>
      expect(log.lines).toContain(
        `SMTP server smtp://site:***@127.0.0.1:${sink.port} accepted the connection: lead notifications can be sent`,
      ),
    );
    expect(log.lines.join("\n")).not.toContain("s3cret");
    // Checking sends nothing.
    expect(sink.messages).toEqual([]);
  });

  it("starts anyway when the SMTP server cannot be reached, and says so", async () => {
    // A port that was just free: nothing listens there.
    const probe = await startSmtpSink();
    await probe.close();
    const log = await start(probe.url);
    await vi.waitFor(
      () =>
        expect(log.lines.join("\n")).toMatch(
          new RegExp(
            `SMTP server smtp://127\\.0\\.0\\.1:${probe.port} could not be used \\(.*ECONNREFUSED.*\\): lead notifications wait in the outbox and are retried`,
          ),
        ),
      { timeout: 15_000 },
    );
    expect(pipeline).toBeDefined();
    expect(await pipeline!.ready()).toBe(true);
  });
});

describe("the lead pipeline's gauges on /metrics", () => {
  let database: TestDatabase;
  let pipeline: LeadPipeline | undefined;
  afterEach(async () => {
    await pipeline?.close({ flushWithinMs: 0 });
    await database.drop();
  });

  /** A gauge's value in the process's registry, as a scrape reads it now. */
  async function gauge(name: string): Promise<number | undefined> {
    const metric = register.getSingleMetric(name);
    return (await metric?.get())?.values[0]?.value;
  }

  it("say whether the database answers, and count the webhooks given up", async () => {
    database = await createTestDatabase("sqlite");
    const env = readEnv({ DATABASE_URL: database.url, LEAD_SPOOL_FILE: "off" });
    pipeline = await startLeadPipeline(env, { log: recordingLogger() });
    const leadId = await saveLead(pipeline.db, { ...validLeadFields, consent: true }, new Date());
    const at = new Date().toISOString();
    await pipeline.db
      .insertInto("outbox")
      .values(
        [1, 2].map((n) => ({
          id: `webhook-${n}`,
          lead_id: leadId,
          registration_id: null,
          kind: "webhook" as const,
          created_at: at,
          next_attempt_at: at,
          sent_at: null,
          last_error: "HTTP 500",
          target: "https://crm.example/hook",
          payload: "{}",
          dead_at: n === 1 ? at : null,
        })),
      )
      .execute();

    expect(await gauge("corvanta_database_up")).toBe(1);
    // Read once per scrape with the backlog: the scrape asks the backlog first.
    await register.metrics();
    expect(await gauge("corvanta_webhook_dead_letters")).toBe(1);

    // The database gone (closed under the pipeline): the gauge says so at the next scrape.
    await pipeline.db.destroy();
    expect(await gauge("corvanta_database_up")).toBe(0);
  });
});

describe("the spool's file", () => {
  it("sits beside a SQLite database, under data/ for PostgreSQL, or where LEAD_SPOOL_FILE says", () => {
    expect(spoolFileFor({ kind: "sqlite", file: "/srv/site/leads.db" })).toBe(
      "/srv/site/leads.db-spool",
    );
    const first = spoolFileFor({ kind: "postgres", url: "postgres://site:one@db/leads" });
    expect(first).toMatch(/\/data\/lead-spool-[0-9a-f]{12}\.db$/);
    // The password is not part of the address: changing it keeps the spool.
    expect(spoolFileFor({ kind: "postgres", url: "postgres://site:two@db/leads" })).toBe(first);
    expect(spoolFileFor({ kind: "postgres", url: "postgres://site@db/other" })).not.toBe(first);
    expect(spoolFileFor({ kind: "sqlite", file: "/x.db" }, "/var/spool/leads.db")).toBe(
      "/var/spool/leads.db",
    );
    expect(spoolFileFor({ kind: "sqlite", file: "/x.db" }, "off")).toBeUndefined();
  });
});
