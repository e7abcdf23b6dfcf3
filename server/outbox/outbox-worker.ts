import { retryWhileLocked } from "../db/bounded";
import { defaultDatabaseTimeoutMs, type AppDatabase } from "../db/database";
import type { OutboxEntry } from "../db/schema";
import { type OutboxMail, type Mailer } from "./mailer";
import { errorMessage, systemClock, type Clock, type Logger } from "../core/logger";

/**
 * Sends the queued e-mails, or webhooks, inside the server process. A tick claims each due outbox
 * row (so two processes never send one at once), sends it and marks it sent; a failed send waits
 * longer after each attempt. A row claimed by a process that dies is due again when its lease runs
 * out, so every row is sent at least once. Webhooks go to each receiver in a turn of its own, a few
 * receivers at once: a receiver that never answers holds up only its own rows (issue 41).
 */
export type OutboxRow = OutboxEntry;

/** Writes the e-mail an outbox row stands for, at the moment it is sent. */
export type OutboxComposer = (row: OutboxRow) => Promise<OutboxMail>;

export const mailSender = (mailer: Mailer, compose: OutboxComposer) => async (row: OutboxRow) =>
  (await mailer.send(await compose(row))).responseCode;

export type TickResult = { sent: number; failed: number };

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

const MINUTE = 60_000;
/** How long a claimed row is reserved for the process sending it, unless told otherwise. */
const defaultLeaseMs = 5 * MINUTE;

/** Webhook receivers sent to at once, each its rows one after another. */
export const webhookReceiversAtOnce = 8;

/** Wait before the next attempt: 30 s after the first failure, doubling, at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedAttempts - 1), 60 * MINUTE);
}

/** How the log names a row: by ids only, never an address or a visitor's text. */
function describeRow(row: OutboxRow) {
  if (row.kind === "webhook") return { name: `Webhook ${row.id}`, ids: { webhookId: row.id } };
  return row.lead_id !== null
    ? { name: `Lead notification for lead ${row.lead_id}`, ids: { leadId: row.lead_id } }
    : {
        name: `E-mail ${row.kind} for registration ${row.registration_id}`,
        ids: { registrationId: row.registration_id ?? undefined, kind: row.kind },
      };
}

export function createOutboxWorker({
  db,
  send,
  deadLetterAfter,
  log,
  now = systemClock,
  leaseMs = defaultLeaseMs,
}: {
  db: AppDatabase;
  /** Sends a row; resolves to the receiver's reply code (SMTP, or HTTP for a webhook). */
  send: (row: OutboxRow) => Promise<number | undefined>;
  /** Makes it the webhooks' worker (a slow receiver never holds an e-mail); dead after this many. */
  deadLetterAfter?: number;
  /** A row claimed by a process that dies is due again after this; sent twice, it keeps its Message-ID. */
  leaseMs?: number;
  log: Logger;
  now?: Clock;
}) {
  const webhooks = deadLetterAfter !== undefined;
  const [protocol, codeField] = webhooks ? ["HTTP", "httpStatus"] : ["SMTP", "smtpResponseCode"];
  let running: Promise<TickResult> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  // No row is claimed past this moment (Date.now()): stopping lets the send in progress finish and
  // leaves the rest due for the next process, so a slow mail server cannot hold a shutdown long.
  let claimUntil = Infinity;

  // A webhook receiver's turn while it sends: at most one per receiver, in this process.
  const turns = new Map<string, Promise<TickResult>>();

  const dueRows = () =>
    db
      .selectFrom("outbox")
      .where("kind", webhooks ? "=" : "<>", "webhook")
      .where("sent_at", "is", null)
      .where("dead_at", "is", null)
      .where("next_attempt_at", "<=", now().toISOString());

  async function tick(): Promise<TickResult> {
    if (!webhooks) {
      const due = await dueRows().selectAll().orderBy("next_attempt_at").limit(20).execute();
      return sendInTurn(due);
    }
    const receivers = await dueRows().select("target").distinct().execute();
    const started = receivers
      .map(({ target }) => target ?? "")
      .filter((target) => !turns.has(target))
      .slice(0, Math.max(0, webhookReceiversAtOnce - turns.size))
      .map((target) => {
        const turn = dueRows()
          .selectAll()
          .where("target", "=", target)
          .orderBy("next_attempt_at")
          .limit(20)
          .execute()
          .then(sendInTurn)
          .finally(() => {
            turns.delete(target);
            // A receiver left waiting for a free turn gets one now.
            if (receivers.length > webhookReceiversAtOnce && Date.now() < claimUntil)
              void runTick();
          });
        turns.set(target, turn);
        return turn;
      });
    const results = await Promise.all(started);
    return results.reduce(
      (sum, { sent, failed }) => ({ sent: sum.sent + sent, failed: sum.failed + failed }),
      { sent: 0, failed: 0 },
    );
  }

  /** Claims and sends `due`, one row after another. */
  async function sendInTurn(due: OutboxRow[]): Promise<TickResult> {
    const result: TickResult = { sent: 0, failed: 0 };
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
        const code = await send(row);
        // Sent: marking it must not fail for a moment's SQLite lock, or it would be sent again.
        const markSent = db
          .updateTable("outbox")
          .set({ sent_at: now().toISOString(), last_error: null })
          .where("id", "=", row.id);
        await retryWhileLocked(() => markSent.execute(), Date.now() + defaultDatabaseTimeoutMs);
        result.sent += 1;
        log.info(
          `${name} sent (attempt ${attempt}, ${protocol} ${code ?? "reply code unknown"}).`,
          { ...ids, attempt, [codeField]: code },
        );
      } catch (error) {
        const reason = errorMessage(error);
        // A webhook waits ±25% about it, so receivers back from an outage are not all hit at once.
        const wait = retryDelayMs(attempt) * (webhooks ? 0.75 + Math.random() / 2 : 1);
        const retryAt = new Date(now().getTime() + wait);
        const dead = attempt >= (deadLetterAfter ?? Infinity) ? now().toISOString() : null;
        await db
          .updateTable("outbox")
          .set({ next_attempt_at: retryAt.toISOString(), last_error: reason.slice(0, 500) })
          .set({ dead_at: dead })
          .where("id", "=", row.id)
          .execute();
        result.failed += 1;
        // nodemailer attaches the SMTP reply code (550...) to a refusal, webhooks.ts the HTTP status.
        const code = (error as { responseCode?: unknown } | null)?.responseCode;
        const next = dead ? "Given up: a dead letter" : `Next attempt at ${retryAt.toISOString()}`;
        log[dead ? "error" : "warn"](`${name} failed (attempt ${attempt}): ${reason}. ${next}.`, {
          ...ids,
          attempt,
          [codeField]: typeof code === "number" ? code : undefined,
        });
        // The mail server is most likely away for the others too: try again on a later tick.
        if (!webhooks) break;
      }
    }
    return result;
  }

  function runTick(): Promise<TickResult> {
    // Webhooks' ticks may overlap: each starts turns only for receivers without one.
    if (webhooks) return tick().catch(failedTick);
    if (running) {
      again = true;
      return running;
    }
    running = tick()
      .catch(failedTick)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void runTick();
        }
      });
    return running;
  }

  function failedTick(error: unknown): TickResult {
    log.error(`Outbox worker: ${errorMessage(error)}`);
    return { sent: 0, failed: 0 };
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
      await Promise.all([running, ...turns.values()]);
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
