import {
  describeDatabase,
  openDatabase,
  parseDatabaseUrl,
  pingDatabase,
  type AppDatabase,
} from "../db/database";
import type { ServerEnv } from "../env";
import { loadFormTokenSecret } from "./form-token";
import { createLeadIntake, type LeadIntake } from "./lead-intake";
import { createSmtpMailer } from "./lead-mail";
import { systemClock, type Clock, type Logger } from "./logger";
import { createOutboxWorker, type OutboxWorker } from "./outbox-worker";

/**
 * The lead pipeline as the server runs it: the database (migrated), the intake
 * behind the contact form, and, when SMTP_URL is set, the outbox worker.
 */
export type LeadPipeline = {
  db: AppDatabase;
  intake: LeadIntake;
  worker: OutboxWorker | undefined;
  /** The database answers (GET /readyz). */
  ready: () => Promise<boolean>;
  /**
   * Stops the worker, gives it up to `flushWithinMs` to send what is due (a
   * lead taken during shutdown is notified now, not at the next start), and
   * closes the database. Call after the HTTP server has stopped.
   */
  close: (options?: { flushWithinMs?: number }) => Promise<void>;
};

type PipelineEnv = Pick<
  ServerEnv,
  | "DATABASE_URL"
  | "SMTP_URL"
  | "SMTP_CA_FILE"
  | "SMTP_TLS_REJECT_UNAUTHORIZED"
  | "LEADS_NOTIFY_TO"
  | "LEADS_MAIL_FROM"
  | "FORM_TOKEN_SECRET"
  | "RATE_LIMIT_MAX"
  | "RATE_LIMIT_WINDOW_MINUTES"
>;

export async function startLeadPipeline(
  env: PipelineEnv,
  { log, now = systemClock }: { log: Logger; now?: Clock },
): Promise<LeadPipeline> {
  const location = parseDatabaseUrl(env.DATABASE_URL);
  const db = await openDatabase(location, { onError: log.error });
  log.info(`Leads are stored in ${describeDatabase(location)}`);

  let worker: OutboxWorker | undefined;
  if (env.SMTP_URL) {
    worker = createOutboxWorker({
      db,
      mailer: createSmtpMailer(env.SMTP_URL, {
        caFile: env.SMTP_CA_FILE,
        rejectUnauthorized: env.SMTP_TLS_REJECT_UNAUTHORIZED,
      }),
      mail: { from: env.LEADS_MAIL_FROM, to: env.LEADS_NOTIFY_TO },
      log,
      now,
    });
    worker.start();
    log.info(`Lead notifications go to ${env.LEADS_NOTIFY_TO.join(", ")}`);
    if (!env.SMTP_TLS_REJECT_UNAUTHORIZED) {
      log.warn(
        "SMTP_TLS_REJECT_UNAUTHORIZED is false: the mail server's certificate is not checked. Prefer SMTP_CA_FILE.",
      );
    }
  } else {
    const { waiting } = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<string | number>().as("waiting"))
      .where("sent_at", "is", null)
      .executeTakeFirstOrThrow();
    log.warn(
      `SMTP_URL is not set: lead notifications wait in the outbox (${Number(waiting)} waiting) and are sent once it is.`,
    );
  }

  const intake = createLeadIntake({
    db,
    tokenSecret: await loadFormTokenSecret(db, env.FORM_TOKEN_SECRET),
    rateLimit: { maxPosts: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MINUTES * 60_000 },
    log,
    now,
    onLeadSaved: () => worker?.wake(),
  });

  return {
    db,
    intake,
    worker,
    ready: () => pingDatabase(db),
    async close({ flushWithinMs = 3_000 } = {}) {
      if (worker) {
        await worker.stop();
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          worker.tick(),
          new Promise((resolve) => (timer = setTimeout(resolve, flushWithinMs))),
        ]);
        clearTimeout(timer);
      }
      await db.destroy();
    },
  };
}
