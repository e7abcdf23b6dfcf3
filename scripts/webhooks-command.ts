import type { AppDatabase } from "../server/db/database";
import { terminalTable } from "./lib/text-tables";

/**
 * `npm run leads -- webhooks dead [--format json]` and `npm run leads -- webhooks resend ID|--all`:
 * the webhooks the server gave up on after WEBHOOK_MAX_ATTEMPTS tries (dead letters), and sending
 * them again (docs/webhooks.md). Leads and registrations have scripts/leads-command.ts.
 */
export type WebhooksCommand =
  | { command: "webhooks"; action: "dead"; format: "table" | "json" }
  | { command: "webhooks"; action: "resend"; ids: readonly string[] | "all" };

/** The dead letters, oldest first, with their event and subject read from the body. */
export async function findDeadWebhooks(db: AppDatabase) {
  const rows = await db
    .selectFrom("outbox")
    .select(["id", "target", "payload", "attempts", "last_error", "dead_at", "created_at"])
    .select(["lead_id", "registration_id"])
    .where("kind", "=", "webhook")
    .where("dead_at", "is not", null)
    .orderBy("dead_at")
    .orderBy("id")
    .execute();
  return rows.map(({ payload, ...row }) => {
    const body = JSON.parse(payload ?? "{}") as { type?: string };
    return { ...row, event: body.type ?? "unknown" };
  });
}

/**
 * Makes dead letters due again, from their first try. Resolves to the ids it re-sent; an id that
 * is no dead letter (unknown, delivered, or still being tried) is left as it is.
 */
export async function resendDeadWebhooks(
  db: AppDatabase,
  ids: readonly string[] | "all",
  now = new Date(),
): Promise<string[]> {
  let query = db
    .updateTable("outbox")
    .set({ dead_at: null, attempts: 0, last_error: null, next_attempt_at: now.toISOString() })
    .where("kind", "=", "webhook")
    .where("dead_at", "is not", null);
  if (ids !== "all") query = query.where("id", "in", ids.length > 0 ? ids : [""]);
  const resent = await query.returning("id").execute();
  return resent.map((row) => row.id);
}

export async function runWebhooksCommand(
  command: WebhooksCommand,
  db: AppDatabase,
  write: (text: string) => void,
): Promise<void> {
  if (command.action === "dead") {
    const dead = await findDeadWebhooks(db);
    if (command.format === "json") return write(`${JSON.stringify(dead, null, 2)}\n`);
    if (dead.length === 0)
      return write("No dead letters: every webhook was delivered or is being tried.\n");
    const header = ["Given up (UTC)", "Event", "Subject", "Receiver", "Tries", "Last error", "Id"];
    const rows = dead.map((row) => [
      (row.dead_at ?? "").slice(0, 16).replace("T", " "),
      row.event,
      row.lead_id ?? row.registration_id ?? "",
      URL.parse(row.target ?? "")?.host ?? "",
      String(row.attempts),
      row.last_error ?? "",
      row.id,
    ]);
    const count = `${dead.length} dead ${dead.length === 1 ? "letter" : "letters"}`;
    // Wide enough for the ids, which are copied from here into "webhooks resend".
    const table = terminalTable(header, rows, 36);
    return write(`${table}\n${count}; "webhooks resend ID" sends one again\n`);
  }
  const resent = await resendDeadWebhooks(db, command.ids);
  const missed = command.ids === "all" ? [] : command.ids.filter((id) => !resent.includes(id));
  if (resent.length > 0 || command.ids === "all") {
    const what = resent.length === 1 ? "1 webhook" : `${resent.length} webhooks`;
    write(`${what} queued again: a running server sends what is due every 15 seconds.\n`);
  }
  if (missed.length > 0) {
    throw new Error(`No dead letter with id ${missed.join(", ")}: see "webhooks dead".`);
  }
}
