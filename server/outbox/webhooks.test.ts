import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { validateContactForm } from "~/features/contact/contact-schema";
import { findEvent, toEventFacts } from "~/features/events/events.server";
import { parseLeadsArgs, runLeadsCommand } from "../../scripts/leads-command";
import { validEnquiry } from "../../tests/support/contact-posts";
import { manualClock, recordingLogger, type ManualClock } from "../../tests/support/manual-clock";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../../tests/support/test-databases";
import type { AppDatabase } from "../db/database";
import { saveLead } from "../leads/lead-store";
import { cancelRegistration, storeRegistration } from "../registrations/registration-store";
import { createOutboxWorker, webhookReceiversAtOnce } from "./outbox-worker";
import { parseWebhookTargets, sendWebhooksTo, webhookSender } from "./webhooks";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const HOUR = 3_600_000;

/** One POST as the receiver got it, and what it answered. */
type Delivery = { body: string; headers: Record<string, string>; status: number };

/**
 * A webhook receiver on loopback, as a CRM's catch hook would be: it answers `status` (503 while
 * "down"), and checks every signature with the library's `Webhook.verify`, as docs/webhooks.md
 * tells receivers to. It can be closed and opened again on the same port.
 */
async function startReceiver() {
  const deliveries: Delivery[] = [];
  const receiver = {
    deliveries,
    status: 200,
    port: 0,
    url: "",
    /** Bodies of the deliveries answered 2xx whose signature verified. */
    accepted: () =>
      deliveries
        .filter((d) => d.status < 300)
        .map((d) => ({
          id: d.headers["webhook-id"]!,
          body: new Webhook(secret).verify(d.body, d.headers) as {
            type: string;
            timestamp: string;
            data: Record<string, unknown>;
          },
        })),
    server: undefined as Server | undefined,
    async open() {
      const server = createServer((request, response) => {
        let body = "";
        request.setEncoding("utf8");
        request.on("data", (chunk: string) => (body += chunk));
        request.on("end", () => {
          const headers = stringHeaders(request.headers);
          deliveries.push({ body, headers, status: receiver.status });
          response.writeHead(receiver.status).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(receiver.port, "127.0.0.1", resolve));
      receiver.server = server;
      receiver.port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}/hooks/catch/123/`;
    },
    async close() {
      const server = receiver.server;
      receiver.server = undefined;
      if (server) await new Promise((resolve) => server.close(resolve));
    },
  };
  await receiver.open();
  return receiver;
}

function stringHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([key, value]) =>
      typeof value === "string" ? [[key, value]] : [],
    ),
  );
}

function enquiry() {
  const form = new FormData();
  for (const [key, value] of Object.entries(validEnquiry)) form.set(key, value);
  const result = validateContactForm(form);
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.enquiry;
}

const person = (name: string, email: string) => ({
  name,
  email,
  company: "Northwind",
  jobTitle: "Controller",
  answers: { "dietary-needs": "No nuts" },
});

describe.each(testDatabaseKinds)("signed webhooks on %s", (kind) => {
  const event = { ...toEventFacts(findEvent("reconciliation-round-table-london")!), capacity: 1 };
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
    sendWebhooksTo([]);
    for (const close of closing.splice(0)) await close();
    await database.drop();
  });

  async function receiver() {
    const started = await startReceiver();
    closing.push(() => started.close());
    return started;
  }

  function webhookWorker(deadLetterAfter = 20, timeoutMs = 5_000) {
    const send = webhookSender(secret, timeoutMs);
    return createOutboxWorker({ db, send, deadLetterAfter, log, now: clock });
  }

  /** Every event once: a lead, a confirmed and a waiting registration, a cancellation. */
  async function everyEvent() {
    const leadId = await saveLead(db, enquiry(), clock());
    const first = await storeRegistration(db, event, person("Ada First", "ada@a.example"), clock());
    const second = await storeRegistration(db, event, person("Bo Second", "bo@b.example"), clock());
    clock.advance(60_000);
    await cancelRegistration(db, event, first.registrationId, clock());
    return { leadId, first: first.registrationId, second: second.registrationId };
  }

  const webhookRows = () =>
    db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "webhook")
      .orderBy("created_at")
      .execute();

  it("reach a receiver that was down, each event once, signed, with the same id on every try", async () => {
    const hook = await receiver();
    sendWebhooksTo(parseWebhookTargets(hook.url));
    const { leadId, first, second } = await everyEvent();
    const worker = webhookWorker();

    // Closed: nothing listens on its port.
    await hook.close();
    expect(await worker.tick()).toEqual({ sent: 0, failed: 5 });
    // Up, but answering 503 (a deploy, an overloaded catch hook).
    await hook.open();
    hook.status = 503;
    clock.advance(HOUR);
    expect(await worker.tick()).toEqual({ sent: 0, failed: 5 });
    // Back: every event arrives, once.
    hook.status = 200;
    clock.advance(HOUR);
    expect(await worker.tick()).toEqual({ sent: 5, failed: 0 });
    clock.advance(HOUR);
    expect(await worker.tick()).toEqual({ sent: 0, failed: 0 });

    // In any order: a retry waits a random part longer, so receivers back up are not all hit at once.
    const accepted = hook.accepted().sort((a, b) => a.body.type.localeCompare(b.body.type));
    expect(accepted.map(({ body }) => [body.type, body.data.id, body.data.status])).toEqual([
      ["lead.created", leadId, undefined],
      ["registration.cancelled", first, "cancelled"],
      ["registration.confirmed", first, "confirmed"],
      ["registration.promoted", second, "confirmed"],
      ["registration.waitlisted", second, "waiting"],
    ]);
    expect(new Set(accepted.map(({ id }) => id)).size).toBe(5);
    // The 503 answers were to the same messages, under the same ids: a receiver keeps one.
    const refused = hook.deliveries
      .filter((d) => d.status === 503)
      .map((d) => d.headers["webhook-id"]);
    expect(refused.sort()).toEqual(accepted.map(({ id }) => id).sort());
    for (const { id } of accepted) expect(id).toMatch(/^msg_[0-9a-f-]{36}$/);

    const [lead, , confirmed] = accepted.map(({ body }) => body);
    expect(lead!.timestamp).toBe("2026-11-23T09:00:00.000Z");
    expect(lead!.data).toMatchObject({
      name: validEnquiry.name,
      email: validEnquiry.email,
      company: validEnquiry.company,
      message: validEnquiry.message,
      service: validEnquiry.service,
      created_at: "2026-11-23T09:00:00.000Z",
    });
    expect(confirmed!.data).toMatchObject({
      event_slug: event.slug,
      name: "Ada First",
      email: "ada@a.example",
      job_title: "Controller",
      answers: { "dietary-needs": "No nuts" },
    });
    // Only what the site keeps for itself stays home.
    expect(confirmed!.data).not.toHaveProperty("email_key");
    expect(confirmed!.data).not.toHaveProperty("seq");
    expect(hook.deliveries[0]!.headers["content-type"]).toBe("application/json");

    const rows = await webhookRows();
    expect(rows.every((row) => row.sent_at !== null && row.attempts === 3 && !row.dead_at)).toBe(
      true,
    );
    expect(log.lines.filter((line) => line.includes("failed (attempt"))).toHaveLength(10);
  });

  it("fail the library's verify when the body is changed, the timestamp is stale or the secret wrong", async () => {
    const hook = await receiver();
    sendWebhooksTo(parseWebhookTargets(hook.url));
    await saveLead(db, enquiry(), clock());
    expect(await webhookWorker().tick()).toEqual({ sent: 1, failed: 0 });
    const [{ body, headers }] = hook.deliveries as [Delivery];
    const verifier = new Webhook(secret);
    expect(verifier.verify(body, headers)).toMatchObject({ type: "lead.created" });

    const tampered = body.replace(validEnquiry.email, "mallory@evil.example");
    expect(tampered).not.toBe(body);
    expect(() => verifier.verify(tampered, headers)).toThrow(WebhookVerificationError);

    // A delivery replayed ten minutes on, even signed right for its old time, is refused as stale.
    const id = headers["webhook-id"]!;
    const then = new Date(Date.now() - 10 * 60_000);
    const stale = {
      ...headers,
      "webhook-timestamp": String(Math.floor(then.getTime() / 1000)),
      "webhook-signature": verifier.sign(id, then, body),
    };
    expect(() => verifier.verify(body, stale)).toThrow(/too old/);
    const otherSecret = new Webhook("whsec_" + Buffer.alloc(32, 7).toString("base64"));
    expect(() => otherSecret.verify(body, headers)).toThrow(WebhookVerificationError);

    // docs/webhooks.md's check without the library, for automation tools' code steps, agrees.
    const docs = readFileSync("docs/webhooks.md", "utf8");
    const block =
      /```js\n(const crypto = require\("crypto"\);\n\nfunction verifyWebhook[\s\S]*?)\n```/;
    const code = block.exec(docs)![1]!;
    const verifyWebhook = new Function("require", `${code}; return verifyWebhook;`)(
      createRequire(import.meta.url),
    ) as (...args: string[]) => boolean;
    const check = (text: string, h: Record<string, string>) =>
      verifyWebhook(
        secret,
        h["webhook-id"]!,
        h["webhook-timestamp"]!,
        text,
        h["webhook-signature"]!,
      );
    expect(check(body, headers)).toBe(true);
    expect(check(tampered, headers)).toBe(false);
    expect(check(body, stale)).toBe(false);
  });

  it("give up after the tries allowed, list the dead letter, and send it again from the CLI", async () => {
    const hook = await receiver();
    hook.status = 500;
    sendWebhooksTo(parseWebhookTargets(`${hook.url}|lead.*`));
    const leadId = await saveLead(db, enquiry(), clock());
    const worker = webhookWorker(3);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await worker.tick();
      clock.advance(HOUR);
    }
    // Three tries, then no more: the row is a dead letter.
    expect(hook.deliveries).toHaveLength(3);
    const [row] = await webhookRows();
    expect(row).toMatchObject({ attempts: 3, sent_at: null, last_error: "HTTP 500" });
    expect(row!.dead_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(log.lines.at(-1)).toMatch(/^Webhook .* failed \(attempt 3\): HTTP 500\. Given up/);

    const run = async (argv: string[]) => {
      let output = "";
      await runLeadsCommand(parseLeadsArgs(argv), db, (text) => (output += text));
      return output;
    };
    const table = await run(["webhooks", "dead"]);
    expect(table).toContain(row!.id);
    expect(table).toContain("lead.created");
    expect(table).toContain(leadId);
    expect(table).toContain(`127.0.0.1:${hook.port}`);
    expect(table).toContain("1 dead letter");
    expect(JSON.parse(await run(["webhooks", "dead", "--format", "json"]))).toMatchObject([
      { id: row!.id, event: "lead.created", lead_id: leadId, attempts: 3 },
    ]);

    hook.status = 204;
    const firstId = hook.deliveries[0]!.headers["webhook-id"]!;
    await expect(run(["webhooks", "resend", "msg_no-such-row"])).rejects.toThrow(/No dead letter/);
    expect(await run(["webhooks", "resend", firstId])).toMatch(/^1 webhook queued again/);
    // The command makes it due at the real time; the worker's clock is a test's.
    clock.advance(Date.now() + 60_000 - clock().getTime());
    expect(await worker.tick()).toEqual({ sent: 1, failed: 0 });
    expect(hook.deliveries.at(-1)!.headers["webhook-id"]).toBe(firstId);
    expect(hook.accepted()).toHaveLength(1);
    expect(await run(["webhooks", "dead"])).toMatch(/^No dead letters/);
    expect(await webhookRows()).toMatchObject([{ attempts: 1, dead_at: null, last_error: null }]);
  });

  it("give a receiver that never answers a bounded time, and leave the e-mails to their own worker", async () => {
    const silent = createServer(() => undefined); // takes the request, never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    closing.push(() => {
      silent.closeAllConnections();
      return new Promise((resolve) => silent.close(resolve));
    });
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
    sendWebhooksTo(parseWebhookTargets(url));
    await saveLead(db, enquiry(), clock());

    expect(await webhookWorker(20, 300).tick()).toEqual({ sent: 0, failed: 1 });
    expect((await webhookRows())[0]!.last_error).toMatch(/abort|timeout/i);

    const mailed: string[] = [];
    const mailWorker = createOutboxWorker({
      db,
      send: async (row) => (mailed.push(row.kind), 250),
      log,
      now: clock,
    });
    expect(await mailWorker.tick()).toEqual({ sent: 1, failed: 0 });
    expect(mailed).toEqual(["lead-notification"]);
  });

  // Issue 41, defect 6: one at a time per instance, a receiver that never answered cost every
  // other receiver 10 s per row.
  it("go to each receiver in its own turn: one that never answers holds up no other", async () => {
    const silent = createServer(() => undefined); // takes each request, never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const stopSilent = () => {
      silent.close();
      silent.closeAllConnections();
    };
    closing.push(stopSilent);
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
    const hook = await receiver();
    sendWebhooksTo(parseWebhookTargets(`${silentUrl} ${hook.url}`));
    for (let n = 0; n < 3; n++) await saveLead(db, enquiry(), clock());

    // Far longer than the test may wait: the silent receiver's first row is still in flight.
    const ticking = webhookWorker(20, 120_000).tick();
    await vi.waitFor(() => expect(hook.accepted()).toHaveLength(3), { timeout: 15_000 });
    stopSilent();
    expect(await ticking).toEqual({ sent: 3, failed: 3 });
    const rows = await webhookRows();
    expect(rows.filter((row) => row.target === hook.url && row.sent_at !== null)).toHaveLength(3);
    expect(rows.filter((row) => row.target === silentUrl && row.sent_at === null)).toHaveLength(3);
  });

  it("go to a bounded number of receivers at once", async () => {
    let requests = 0;
    const silent = createServer(() => void (requests += 1));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const stopSilent = () => {
      silent.close();
      silent.closeAllConnections();
    };
    closing.push(stopSilent);
    const base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const receivers = Array.from({ length: webhookReceiversAtOnce + 2 }, (_, n) => `${base}/r${n}`);
    sendWebhooksTo(parseWebhookTargets(receivers.join(" ")));
    await saveLead(db, enquiry(), clock());

    const ticking = webhookWorker(20, 120_000).tick();
    await vi.waitFor(() => expect(requests).toBe(webhookReceiversAtOnce), { timeout: 15_000 });
    stopSilent();
    // This tick started a turn for as many receivers as it may; the others come after.
    expect(await ticking).toEqual({ sent: 0, failed: webhookReceiversAtOnce });
  });

  it("are queued only for the targets that take the event, and not at all without a target", async () => {
    await saveLead(db, enquiry(), clock());
    expect(await webhookRows()).toEqual([]);

    sendWebhooksTo(
      parseWebhookTargets(
        "https://crm.example/leads|lead.created\nhttps://events.example/in|registration.*,lead.created https://all.example/",
      ),
    );
    await saveLead(db, enquiry(), clock());
    await storeRegistration(db, event, person("Ada First", "ada@a.example"), clock());
    const rows = await webhookRows();
    const sent = rows.map((row) => [
      (JSON.parse(row.payload!) as { type: string }).type,
      row.target,
    ]);
    expect(sent.sort()).toEqual(
      [
        ["lead.created", "https://crm.example/leads"],
        ["lead.created", "https://events.example/in"],
        ["lead.created", "https://all.example/"],
        ["registration.confirmed", "https://events.example/in"],
        ["registration.confirmed", "https://all.example/"],
      ].sort(),
    );
    // The leads command still lists each lead once, with its e-mail's state.
    const output = await (async () => {
      let text = "";
      await runLeadsCommand(parseLeadsArgs(["list"]), db, (t) => (text += t));
      return text;
    })();
    expect(output).toContain("2 leads");
  });
});
