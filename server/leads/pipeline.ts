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
import { createSmtpMailer, describeSmtpUrl, type Mailer } from "./lead-mail";
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
  log.info(`Opening the lead database: ${describeDatabase(location)}`);
  const db = await openDatabase(location, { onError: log.error });
  log.info(`Leads are stored in ${describeDatabase(location)}`);

  let worker: OutboxWorker | undefined;
  let mailer: Mailer | undefined;
  if (env.SMTP_URL) {
    mailer = createSmtpMailer(env.SMTP_URL);
    worker = createOutboxWorker({
      db,
      mailer,
      mail: { from: env.LEADS_MAIL_FROM, to: env.LEADS_NOTIFY_TO },
      log,
      now,
    });
    worker.start();
    log.info(`Lead notifications go to ${env.LEADS_NOTIFY_TO.join(", ")}`);
    // A wrong SMTP_URL shows at once, not at the first lead. The site starts
    // either way: notifications wait in the outbox until the server answers.
    const smtp = describeSmtpUrl(env.SMTP_URL);
    void mailer.verify().then(
      () => log.info(`SMTP server ${smtp} accepted the connection: lead notifications can be sent`),
      (error: unknown) =>
        log.warn(
          `SMTP server ${smtp} could not be used (${error instanceof Error ? error.message : String(error)}): lead notifications wait in the outbox and are retried`,
        ),
    );
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
      mailer?.close();
      await db.destroy();
    },
  };
}
