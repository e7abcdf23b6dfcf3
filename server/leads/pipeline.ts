import {
  describeDatabase,
  openDatabase,
  parseDatabaseUrl,
  pingDatabase,
  type AppDatabase,
} from "../db/database";
import { loadAppSecret } from "../db/app-secrets";
import type { ServerEnv } from "../env";
import { cancelSecretName } from "../registrations/cancel-token";
import { createRegistrationDesk, type RegistrationDesk } from "../registrations/registration-desk";
import { registrationMailComposer } from "../registrations/registration-mail";
import { loadFormTokenSecret } from "./form-token";
import { createLeadIntake, type LeadIntake } from "./lead-intake";
import { createSmtpMailer, type LeadMailSettings } from "./lead-mail";
import { systemClock, type Clock, type Logger } from "./logger";
import type { RateLimitRule } from "./rate-limit";
import {
  createOutboxWorker,
  leadNotificationComposer,
  type OutboxComposer,
  type OutboxWorker,
} from "./outbox-worker";

/**
 * The lead pipeline as the server runs it: the database (migrated), the intake
 * behind the contact form, the registration desk behind the events' pages,
 * and, when SMTP_URL is set, the outbox worker that sends both's e-mails.
 */
export type LeadPipeline = {
  db: AppDatabase;
  intake: LeadIntake;
  registrations: RegistrationDesk;
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
  | "SITE_URL"
>;

/**
 * Every outbox row's e-mail: a lead's notification, or one of a registration's
 * e-mails. `mail` is the sender and the team (LEADS_MAIL_FROM, LEADS_NOTIFY_TO);
 * the registration e-mails' links point to `siteUrl` (SITE_URL).
 */
export function composeOutboxMail(
  db: AppDatabase,
  {
    mail,
    siteUrl,
    cancelSecret,
  }: { mail: LeadMailSettings; siteUrl: string; cancelSecret: string },
  now: Clock = systemClock,
): OutboxComposer {
  const leadMail = leadNotificationComposer(db, mail);
  const registrationMail = registrationMailComposer(
    db,
    { from: mail.from, team: mail.to, siteUrl, cancelSecret },
    now,
  );
  return (row) => (row.registration_id !== null ? registrationMail(row) : leadMail(row));
}

/**
 * What takes the forms' posts: the contact form's intake and the events'
 * registration desk, over one database, one form-token secret and one rate
 * limit rule (each form counts its own posts).
 */
export function createFormDesks({
  onMailQueued,
  ...shared
}: {
  db: AppDatabase;
  tokenSecret: string;
  cancelSecret: string;
  rateLimit: RateLimitRule;
  log: Logger;
  now: Clock;
  /** Wakes the outbox worker once a post's e-mails are queued. */
  onMailQueued: () => void;
}): { intake: LeadIntake; registrations: RegistrationDesk } {
  return {
    intake: createLeadIntake({ ...shared, onLeadSaved: onMailQueued }),
    registrations: createRegistrationDesk({ ...shared, onMailQueued }),
  };
}

export async function startLeadPipeline(
  env: PipelineEnv,
  { log, now = systemClock }: { log: Logger; now?: Clock },
): Promise<LeadPipeline> {
  const location = parseDatabaseUrl(env.DATABASE_URL);
  const db = await openDatabase(location, { onError: log.error });
  log.info(`Leads are stored in ${describeDatabase(location)}`);

  const tokenSecret = await loadFormTokenSecret(db, env.FORM_TOKEN_SECRET);
  const cancelSecret = await loadAppSecret(db, cancelSecretName);
  const mail = { from: env.LEADS_MAIL_FROM, to: env.LEADS_NOTIFY_TO };

  let worker: OutboxWorker | undefined;
  if (env.SMTP_URL) {
    worker = createOutboxWorker({
      db,
      mailer: createSmtpMailer(env.SMTP_URL),
      mail,
      compose: composeOutboxMail(db, { mail, siteUrl: env.SITE_URL, cancelSecret }, now),
      log,
      now,
    });
    worker.start();
    log.info(`Lead notifications go to ${env.LEADS_NOTIFY_TO.join(", ")}`);
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

  const { intake, registrations } = createFormDesks({
    db,
    tokenSecret,
    cancelSecret,
    rateLimit: { maxPosts: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MINUTES * 60_000 },
    log,
    now,
    onMailQueued: () => worker?.wake(),
  });

  return {
    db,
    intake,
    registrations,
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
