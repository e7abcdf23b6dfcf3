import { retryWhileLocked } from "../db/bounded";
import { defaultDatabaseTimeoutMs, type AppDatabase } from "../db/database";
import type { OutboxEntry } from "../db/schema";
import { type OutboxMail, type Mailer } from "./mailer";
import { errorMessage, systemClock, type Clock, type Logger } from "../core/logger";

/**
 * Sends the queued e-mails, inside the server process. A tick claims each due outbox row (so two
 * processes never send one at once), sends its e-mail and marks it sent; a failed send waits longer
 * after each attempt. A row claimed by a process that dies is due again when its lease runs out,
 * so every e-mail is sent at least once.
 */
export type OutboxRow = Pick<OutboxEntry, "id" | "lead_id" | "registration_id" | "kind">;

/** Writes the e-mail an outbox row stands for, at the moment it is sent. */
export type OutboxComposer = (row: OutboxRow) => Promise<OutboxMail>;

export type TickResult = { sent: number; failed: number };

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

const MINUTE = 60_000;
/** How long a claimed row is reserved for the process sending it, unless told otherwise. */
const defaultLeaseMs = 5 * MINUTE;

/** Wait before the next attempt: 30 s after the first failure, doubling, at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedAttempts - 1), 60 * MINUTE);
}

/** How the log names a row: by ids only, never an address or a visitor's text. */
function describeRow(row: OutboxRow) {
  return row.lead_id !== null
    ? { name: `Lead notification for lead ${row.lead_id}`, ids: { leadId: row.lead_id } }
    : {
        name: `E-mail ${row.kind} for registration ${row.registration_id}`,
        ids: { registrationId: row.registration_id ?? undefined, kind: row.kind },
      };
}

export function createOutboxWorker({
  db,
  mailer,
  compose,
  log,
  now = systemClock,
  leaseMs = defaultLeaseMs,
}: {
  db: AppDatabase;
  mailer: Mailer;
  /** A row claimed by a process that dies is due again after this; sent twice, it keeps its Message-ID. */
  leaseMs?: number;
  compose: OutboxComposer;
  log: Logger;
  now?: Clock;
}) {
  let running: Promise<TickResult> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  // No row is claimed past this moment (Date.now()): stopping lets the send in progress finish and
  // leaves the rest due for the next process, so a slow mail server cannot hold a shutdown long.
  let claimUntil = Infinity;

  async function tick(): Promise<TickResult> {
    const result: TickResult = { sent: 0, failed: 0 };
    const due = await db
      .selectFrom("outbox")
      .select(["id", "lead_id", "registration_id", "kind", "attempts", "next_attempt_at"])
      .where("sent_at", "is", null)
      .where("next_attempt_at", "<=", now().toISOString())
      .orderBy("next_attempt_at")
      .limit(20)
      .execute();

    for (const row of due) {
      if (Date.now() >= claimUntil) break;
      const attempt = row.attempts + 1;
      const lease = new Date(now().getTime() + leaseMs).toISOString();
      const claimed = await db
        .updateTable("outbox")
        .set({ attempts: attempt, next_attempt_at: lease })
        .where("id", "=", row.id)
        .where("sent_at", "is", null)
        .where("next_attempt_at", "=", row.next_attempt_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue; // another process has it

      const { name, ids } = describeRow(row);
      try {
        const delivery = await mailer.send(await compose(row));
        // Sent: marking it must not fail for a moment's SQLite lock, or it would be sent again.
        const markSent = db
          .updateTable("outbox")
          .set({ sent_at: now().toISOString(), last_error: null })
          .where("id", "=", row.id);
        await retryWhileLocked(() => markSent.execute(), Date.now() + defaultDatabaseTimeoutMs);
        result.sent += 1;
        log.info(
          `${name} sent (attempt ${attempt}, SMTP ${delivery.responseCode ?? "reply code unknown"}).`,
          { ...ids, attempt, smtpResponseCode: delivery.responseCode },
        );
      } catch (error) {
        const reason = errorMessage(error);
        const retryAt = new Date(now().getTime() + retryDelayMs(attempt));
        await db
          .updateTable("outbox")
          .set({ next_attempt_at: retryAt.toISOString(), last_error: reason.slice(0, 500) })
          .where("id", "=", row.id)
          .execute();
        result.failed += 1;
        // nodemailer attaches the SMTP reply code (550...) to a refusal.
        const code = (error as { responseCode?: unknown } | null)?.responseCode;
        log.warn(
          `${name} failed (attempt ${attempt}): ${reason}. Next attempt at ${retryAt.toISOString()}.`,
          { ...ids, attempt, smtpResponseCode: typeof code === "number" ? code : undefined },
        );
        // The mail server is most likely away for the others too: try again on a later tick.
        break;
      }
    }
    return result;
  }

  function runTick(): Promise<TickResult> {
    if (running) {
      again = true;
      return running;
    }
    running = tick()
      .catch((error: unknown) => {
        log.error(`Outbox worker: ${errorMessage(error)}`);
        return { sent: 0, failed: 0 };
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void runTick();
        }
      });
    return running;
  }

  return {
    /** Sends every row that is due now; the tests call it directly instead of waiting. */
    tick: () => runTick(),
    /** Ticks soon, for example just after a lead was stored. */
    wake: () => void runTick(),
    /** Ticks every 15 seconds until stopped. */
    start() {
      timer ??= setInterval(() => void runTick(), 15_000);
      timer.unref();
      void runTick();
    },
    /** Stops ticking; a tick under way ends after the e-mail it is sending. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      again = false;
      claimUntil = 0;
      await running;
    },
    /** After `stop()`: sends what is due, claiming no row after `withinMs`. */
    async flush(withinMs: number): Promise<TickResult> {
      claimUntil = Date.now() + withinMs;
      try {
        return await runTick();
      } finally {
        claimUntil = 0;
      }
    },
  };
}
