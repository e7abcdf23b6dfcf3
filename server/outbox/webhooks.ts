import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { Webhook } from "standardwebhooks";
import type { Database, OutboxEntry, OutboxKind } from "../db/schema";

// Standard Webhooks, signed by its library, each queued beside an e-mail (docs/webhooks.md).
const eventOfMail = {
  "lead-notification": "lead.created",
  "registration-confirmed": "registration.confirmed",
  "registration-waiting": "registration.waitlisted",
  "registration-team-cancelled": "registration.cancelled",
  "registration-promoted": "registration.promoted",
} as const satisfies Partial<Record<OutboxKind, string>>;
export const webhookEvents = Object.values(eventOfMail);
type Trx = Transaction<Database>;

/** A receiver and the events it takes: names, `lead.*`, `registration.*` or `*` (WEBHOOK_URLS). */
export type WebhookTarget = { url: string; events: readonly string[] };

/** `URL|event,event` entries separated by white space; a URL alone takes every event. */
export const parseWebhookTargets = (value: string) =>
  value.split(/\s+/).flatMap((entry) => {
    const [url = "", events = "*"] = entry.split("|", 2);
    return entry ? [{ url, events: events.split(",") }] : [];
  });

/** Set by the lead pipeline at start-up (server/services.ts), as metrics' readings are. */
let targets: readonly WebhookTarget[] = [];
export const sendWebhooksTo = (configured: readonly WebhookTarget[]) => void (targets = configured);

/** A registration's lower-cased address and arrival number, which only the site uses. */
const siteOnly = new Set(["email_key", "seq"]);
type Subject = [table: "leads" | "registrations", id: string];

/**
 * Queues the webhook going with an e-mail for each target taking it, in the e-mail's transaction.
 * Its data is the row as stored now, but `siteOnly`: a new column is sent from then on.
 */
export async function queueWebhooks(trx: Trx, mail: OutboxKind, [table, id]: Subject, at: string) {
  const type: string | undefined = eventOfMail[mail as keyof typeof eventOfMail];
  const names = [type, "*", `${type?.split(".")[0]}.*`];
  const to = targets.filter(({ events }) => events.some((name) => names.includes(name)));
  if (type === undefined || to.length === 0) return;
  const query = sql<Record<string, unknown>>`select * from ${sql.table(table)} where id = ${id}`;
  const [stored = {}] = (await query.execute(trx)).rows;
  const data = Object.fromEntries(Object.entries(stored).filter(([key]) => !siteOnly.has(key)));
  if (typeof data.answers === "string") data.answers = JSON.parse(data.answers) as unknown;
  const payload = JSON.stringify({ type, timestamp: at, data });
  const subject = table === "leads" ? { lead_id: id } : { registration_id: id };
  const row = { ...subject, kind: "webhook" as const, payload, next_attempt_at: at };
  const rows = to.map(({ url }) => ({ ...row, id: randomUUID(), target: url, created_at: at }));
  await trx.insertInto("outbox").values(rows).execute();
}

/**
 * Posts a webhook row within `timeoutMs`: resolves to a 2xx status, else throws (a redirect too).
 * `webhook-id` is the row's, the same on every try and re-send, so the receiver keeps one.
 */
export function webhookSender(secret: string, timeoutMs = 10_000) {
  const signer = new Webhook(secret);
  return async ({ id, target, payload }: OutboxEntry): Promise<number> => {
    const [messageId, sentAt, body] = [`msg_${id}`, new Date(), payload ?? ""];
    const headers = new Headers({ "content-type": "application/json", "webhook-id": messageId });
    headers.set("webhook-timestamp", String(Math.floor(sentAt.getTime() / 1000)));
    headers.set("webhook-signature", signer.sign(messageId, sentAt, body));
    const signal = AbortSignal.timeout(timeoutMs);
    const init = { method: "POST", body, headers, signal, redirect: "manual" } as const;
    const response = await fetch(target ?? "", init);
    await response.body?.cancel();
    if (response.ok) return response.status;
    throw Object.assign(new Error(`HTTP ${response.status}`), { responseCode: response.status });
  };
}
