import { simpleParser } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  budgetLabel,
  serviceOptionLabel,
  validateContactForm,
} from "~/features/contact/contact-schema";
import { contactPost, formFields, validEnquiry } from "../../tests/support/contact-posts";
import {
  manualClock,
  recordingLogger,
  recordingServerLog,
  type ManualClock,
} from "../../tests/support/manual-clock";
import { startSmtpSink, type SmtpSink, type SmtpSinkOptions } from "../../tests/support/smtp-sink";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../../tests/support/test-databases";
import type { AppDatabase } from "../db/database";
import { leadLogger } from "../core/log";
import { createLeadIntake } from "../leads/lead-intake";
import { leadNotificationComposer, type LeadMailSettings } from "../leads/lead-mail";
import { createSmtpMailer, smtpReplyCode, type Mailer } from "./mailer";
import { saveLead } from "../leads/lead-store";
import { createOutboxWorker, mailSender, retryDelayMs } from "./outbox-worker";

const mail: LeadMailSettings = {
  from: "Corvanta Digital website <website@corvanta.example>",
  to: ["sales@corvanta.example"],
};

function enquiry(overrides: Record<string, string> = {}) {
  const result = validateContactForm(formData({ ...validEnquiry, ...overrides }));
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.enquiry;
}

function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe.each(testDatabaseKinds)("lead notifications on %s", (kind) => {
  let database: TestDatabase;
  let db: AppDatabase;
  let clock: ManualClock;
  let log: ReturnType<typeof recordingLogger>;
  const closing: (() => unknown)[] = [];

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = await database.open();
    clock = manualClock();
    log = recordingLogger();
  });
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
    await database.drop();
  });

  async function sink(port?: number, options?: SmtpSinkOptions): Promise<SmtpSink> {
    const started = await startSmtpSink(port, options);
    closing.push(() => started.close());
    return started;
  }

  function worker(smtpUrl: string, logger: Parameters<typeof createOutboxWorker>[0]["log"] = log) {
    const mailer: Mailer = createSmtpMailer(smtpUrl);
    closing.push(() => mailer.close());
    return createOutboxWorker({
      db,
      send: mailSender(mailer, leadNotificationComposer(db, mail)),
      log: logger,
      now: clock,
    });
  }

  const outboxRows = () => db.selectFrom("outbox").selectAll().execute();

  it("sends one e-mail per lead, with the lead's details in the body, and marks it sent", async () => {
    const smtp = await sink();
    const first = enquiry();
    const second = enquiry({
      name: "Émile Durand",
      email: "emile@bistro.example",
      company: "Bistro & Fils",
      service: "something-else",
      budget: "not-sure",
      message: "Une application de réservation.\nTwo sites, one menu.\n.\nEnd.",
    });
    await saveLead(db, first, clock());
    await saveLead(db, second, clock());

    expect(await worker(smtp.url).tick()).toEqual({ sent: 2, failed: 0 });
    expect(smtp.messages).toHaveLength(2);
    for (const [message, lead] of smtp.messages.map((m, i) => [m, [first, second][i]!] as const)) {
      expect(message.recipients).toEqual(mail.to);
      expect(message.header("from")).toBe(mail.from);
      expect(message.header("subject")).toBe(
        `New enquiry: ${serviceOptionLabel(lead.service)} (${budgetLabel(lead.budget!)})`,
      );
      for (const detail of [lead.name, lead.email, lead.company!, lead.message]) {
        expect(message.text).toContain(detail);
      }
      expect(message.text).toContain(serviceOptionLabel(lead.service));
      expect(message.text).toContain(budgetLabel(lead.budget!));
    }
    expect(smtp.messages[0]!.text).toContain(first.phone!);

    const rows = await outboxRows();
    expect(rows.every((row) => row.sent_at === clock().toISOString() && row.attempts === 1)).toBe(
      true,
    );
    // Sent rows are not sent again.
    expect(await worker(smtp.url).tick()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(2);
  });

  it("stopping ends a tick after the e-mail being sent, and a flush claims no row past its bound", async () => {
    for (let n = 0; n < 5; n++) {
      await saveLead(db, enquiry({ email: `slow-${n}@mail.example` }), clock());
    }
    // A mail server that answers only when the test says so (issue 27: 700 ms a message).
    const waiting: (() => void)[] = [];
    const slowMailer: Mailer = {
      send: () => new Promise((resolve) => waiting.push(() => resolve({ responseCode: 250 }))),
      verify: async () => undefined,
      close: () => undefined,
    };
    const slow = createOutboxWorker({
      db,
      send: mailSender(slowMailer, leadNotificationComposer(db, mail)),
      log,
      now: clock,
    });
    const unsent = async () =>
      (await db.selectFrom("outbox").select("id").where("sent_at", "is", null).execute()).length;

    const ticking = slow.tick();
    await expect.poll(() => waiting.length).toBe(1);
    const stopping = slow.stop();
    waiting.shift()!();
    await stopping;
    expect(await ticking).toEqual({ sent: 1, failed: 0 });
    expect(await unsent()).toBe(4);

    // A bound already past: the flush claims nothing, the rows stay due for the next process.
    expect(await slow.flush(0)).toEqual({ sent: 0, failed: 0 });
    expect(await unsent()).toBe(4);

    const flushing = slow.flush(60_000);
    for (let n = 0; n < 4; n++) {
      await expect.poll(() => waiting.length).toBe(1);
      waiting.shift()!();
    }
    expect(await flushing).toEqual({ sent: 4, failed: 0 });
    expect(await unsent()).toBe(0);
  });

  it("confirms and keeps the lead while the mail server is down, then delivers once it is back", async () => {
    // A port that was just free: nothing listens there until the sink starts on it.
    const probe = await startSmtpSink();
    const { port, url } = probe;
    await probe.close();

    const intake = createLeadIntake({
      db,
      tokenSecret: "a-test-secret-that-is-long-enough-0002",
      rateLimit: { maxPosts: 5, windowMs: 600_000 },
      log,
      now: clock,
    });
    const token = intake.issueToken();
    clock.advance(15_000);
    // The visitor is told the enquiry arrived: the redirect to the thank-you state follows this.
    expect(await intake.receive(contactPost(formFields(token)))).toMatchObject({
      kind: "accepted",
    });
    expect(await db.selectFrom("leads").select("id").execute()).toHaveLength(1);

    const notifier = worker(url);
    expect(await notifier.tick()).toEqual({ sent: 0, failed: 1 });
    let [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    expect(row!.last_error).toBeTruthy();
    expect(row!.next_attempt_at).toBe(new Date(clock().getTime() + retryDelayMs(1)).toISOString());
    expect(log.lines.at(-1)).toMatch(/failed \(attempt 1\)/);

    // Not due yet: nothing is tried.
    clock.advance(retryDelayMs(1) - 1);
    expect(await notifier.tick()).toEqual({ sent: 0, failed: 0 });

    // Due, and still down: the wait doubles.
    clock.advance(1);
    expect(await notifier.tick()).toEqual({ sent: 0, failed: 1 });
    [row] = await outboxRows();
    expect(row!.next_attempt_at).toBe(new Date(clock().getTime() + retryDelayMs(2)).toISOString());

    const smtp = await sink(port);
    clock.advance(retryDelayMs(2));
    expect(await notifier.tick()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.text).toContain(validEnquiry.message);
    [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 3, last_error: null, sent_at: clock().toISOString() });

    clock.advance(retryDelayMs(10));
    expect(await notifier.tick()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it("logs every attempt with the lead id, the attempt and the SMTP reply code, never an address or the visitor's text", async () => {
    const { log: serverLog, lines } = recordingServerLog();
    const lead = enquiry();
    const leadId = await saveLead(db, lead, clock());

    // First the relay refuses the message, then it takes it.
    const refusing = await sink(undefined, { refuseWith: 554 });
    const notifier = worker(refusing.url, leadLogger(serverLog));
    expect(await notifier.tick()).toEqual({ sent: 0, failed: 1 });
    await refusing.close();
    const smtp = await sink(refusing.port);
    clock.advance(retryDelayMs(1));
    expect(await notifier.tick()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({
        level: "warn",
        component: "leads",
        leadId,
        attempt: 1,
        smtpResponseCode: 554,
      }),
      expect.objectContaining({
        level: "info",
        component: "leads",
        leadId,
        attempt: 2,
        smtpResponseCode: 250,
        msg: `Lead notification for lead ${leadId} sent (attempt 2, SMTP 250).`,
      }),
    ]);
    for (const line of lines) {
      for (const visitorText of [lead.email, lead.name, lead.company, lead.phone!, lead.message]) {
        expect(line).not.toContain(visitorText);
      }
      expect(line, "no e-mail address at all, ours included").not.toContain("@");
    }
  });

  it("reads the reply code from the start of an SMTP reply", () => {
    expect(smtpReplyCode("250 2.0.0 Ok: queued as 4F3A2")).toBe(250);
    expect(smtpReplyCode("251 OK")).toBe(251);
    expect(smtpReplyCode("OK")).toBeUndefined();
    expect(smtpReplyCode(undefined)).toBeUndefined();
  });

  it("backs off from 30 seconds, doubling up to an hour", () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });

  it("says '(not given)' for a company and a budget the visitor left empty", async () => {
    const smtp = await sink();
    await saveLead(db, { ...enquiry(), company: null, budget: null }, clock());
    await worker(smtp.url).tick();
    const [message] = smtp.messages;
    expect(message!.header("subject")).toBe(
      `New enquiry: ${serviceOptionLabel(enquiry().service)} (budget not given)`,
    );
    expect(message!.text).toContain("Company:   (not given)\n");
    expect(message!.text).toContain("Budget:    (not given)\n");
  });

  it("never lets a line break in the name add a mail header", async () => {
    const smtp = await sink();
    // Stored as it would be by a client that skipped the schema's normalisation.
    await saveLead(
      db,
      { ...enquiry(), name: "Mallory\r\nBcc: everyone@victim.example\r\nSubject: Hi" },
      clock(),
    );
    await worker(smtp.url).tick();
    const [message] = smtp.messages;
    expect(message!.recipients).toEqual(mail.to);
    expect(message!.headers.map(([name]) => name)).not.toContain("bcc");
    expect(message!.headers.filter(([name]) => name === "subject")).toHaveLength(1);
    expect(message!.text).toContain(
      "Name:      Mallory Bcc: everyone@victim.example Subject: Hi\n",
    );
  });

  it("sets Reply-To to the visitor's address, so answering the e-mail writes to them", async () => {
    const smtp = await sink();
    const lead = enquiry({ email: "ana.ruiz@northwind.example" });
    await saveLead(db, lead, clock());
    await worker(smtp.url).tick();

    const parsed = await simpleParser(smtp.messages[0]!.raw);
    expect(parsed.replyTo?.value).toEqual([{ address: "ana.ruiz@northwind.example", name: "" }]);
    expect(parsed.headerLines.filter((line) => line.key === "reply-to")).toHaveLength(1);
    // The sender stays the website's own address.
    expect(parsed.from?.value).toEqual([
      { address: "website@corvanta.example", name: "Corvanta Digital website" },
    ]);
  });

  it("leaves Reply-To out when the stored address did not pass validation", async () => {
    const smtp = await sink();
    // Stored as a client that skipped the schema could store them.
    const invalid = [
      "ana@northwind.example\r\nBcc: everyone@victim.example",
      "ana@northwind.example\nReply-To: mallory@evil.example",
      "ana@northwind.example, mallory@evil.example",
      "Ana <ana@northwind.example>",
      " ana@northwind.example",
      "not an address",
    ];
    for (const email of invalid) await saveLead(db, { ...enquiry(), email }, clock());
    expect(await worker(smtp.url).tick()).toEqual({ sent: invalid.length, failed: 0 });

    for (const message of smtp.messages) {
      const parsed = await simpleParser(message.raw);
      expect(parsed.replyTo, message.raw).toBeUndefined();
      expect(parsed.headers.has("bcc")).toBe(false);
      expect(message.recipients).toEqual(mail.to);
    }
  });

  it("through the form, a CR/LF in the name ends up as a space in the body", async () => {
    const smtp = await sink();
    await saveLead(db, enquiry({ name: "Mallory\r\nBcc: everyone@victim.example" }), clock());
    await worker(smtp.url).tick();
    expect(smtp.messages[0]!.text).toContain("Name:      Mallory Bcc: everyone@victim.example\n");
    expect(smtp.messages[0]!.headers.map(([name]) => name)).not.toContain("bcc");
  });

  it("shows text direction overrides in the body escaped, never as they are", async () => {
    const smtp = await sink();
    await saveLead(
      db,
      enquiry({
        name: "Ana \u202Eordnas\u202C",
        message: "Please open invoice\u2066 gpj.exe\u2069 today.",
      }),
      clock(),
    );
    await worker(smtp.url).tick();
    const text = smtp.messages[0]!.text;
    expect(text).toContain("Name:      Ana <U+202E>ordnas<U+202C>\n");
    expect(text).toContain("Please open invoice<U+2066> gpj.exe<U+2069> today.");
    expect(text).not.toMatch(/\p{Bidi_Control}/u);
  });

  it("sends each lead once when two server processes tick at the same moment", async () => {
    const smtp = await sink();
    await saveLead(db, enquiry(), clock());
    await saveLead(db, enquiry({ email: "second@northwind.example" }), clock());
    const results = await Promise.all([worker(smtp.url).tick(), worker(smtp.url).tick()]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(2);
    expect(smtp.messages).toHaveLength(2);
  });

  it("sends a row again when the process that claimed it died before marking it sent", async () => {
    const smtp = await sink();
    await saveLead(db, enquiry(), clock());
    // What a claim leaves behind: one attempt, leased for five minutes.
    await db
      .updateTable("outbox")
      .set({ attempts: 1, next_attempt_at: new Date(clock().getTime() + 300_000).toISOString() })
      .execute();
    const notifier = worker(smtp.url);
    expect(await notifier.tick()).toEqual({ sent: 0, failed: 0 });
    clock.advance(300_000);
    expect(await notifier.tick()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });
});
