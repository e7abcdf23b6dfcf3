import { createHash } from "node:crypto";
import path from "node:path";
import {
  closeDatabase,
  describeDatabase,
  openDatabase,
  parseDatabaseUrl,
  pingDatabase,
  type AppDatabase,
  type DatabaseLocation,
} from "./db/database";
import { loadAppSecret } from "./db/app-secrets";
import { withinDeadline } from "./db/bounded";
import { purgeExpired } from "./db/retention";
import type { ServerEnv } from "./env";
import { cancelSecretName } from "./registrations/cancel-token";
import { createRegistrationDesk } from "./registrations/registration-desk";
import { registrationMailComposer } from "./registrations/registration-mail";
import { loadFormTokenSecret } from "./forms/form-token";
import { createLeadIntake, type LeadIntakeOptions } from "./leads/lead-intake";
import { leadNotificationComposer, type LeadMailSettings } from "./leads/lead-mail";
import { createSmtpMailer } from "./outbox/mailer";
import { createLeadSpool, createSpoolDrainer } from "./leads/lead-spool";
import { errorMessage, systemClock, withoutPassword, type Clock, type Logger } from "./core/logger";
import { leadsTaken, readPipelineFrom, registrationsTaken } from "./core/metrics";
import { createOutboxWorker, mailSender, type OutboxComposer } from "./outbox/outbox-worker";
import { sendWebhooksTo, webhookSender } from "./outbox/webhooks";

/** The database, the forms' desks, the spool and its drainer, and the outbox worker (SMTP_URL). */
export type LeadPipeline = Awaited<ReturnType<typeof startLeadPipeline>>;

/**
 * The spool's file: LEAD_SPOOL_FILE ("off" for none), else beside the SQLite database, else under
 * data/ named from the PostgreSQL address, so two sites run from one folder never share one.
 */
export function spoolFileFor(location: DatabaseLocation, configured?: string): string | undefined {
  if (configured === "off") return undefined;
  if (configured) return path.resolve(configured);
  if (location.kind === "sqlite") return `${location.file}-spool`;
  const id = createHash("sha256").update(describeDatabase(location)).digest("hex").slice(0, 12);
  return path.resolve("data", `lead-spool-${id}.db`);
}

/** Every outbox row's e-mail: a lead's notification or a registration's (linking to SITE_URL). */
export function composeOutboxMail(
  db: AppDatabase,
  settings: { mail: LeadMailSettings; siteUrl: string; cancelSecret: string },
  now: Clock = systemClock,
): OutboxComposer {
  const { mail, siteUrl, cancelSecret } = settings;
  const leadMail = leadNotificationComposer(db, mail);
  const registration = { from: mail.from, team: mail.to, siteUrl, cancelSecret };
  const registrationMail = registrationMailComposer(db, registration, now);
  return (row) => (row.registration_id !== null ? registrationMail(row) : leadMail(row));
}

/** The contact form's intake and the events' registration desk, each counting its own posts. */
export function createFormDesks({
  onMailQueued,
  spool,
  ...shared
}: Omit<LeadIntakeOptions, "onLeadSaved"> & { cancelSecret: string; onMailQueued: () => void }) {
  return {
    intake: createLeadIntake({ ...shared, spool, onLeadSaved: onMailQueued }),
    registrations: createRegistrationDesk({ ...shared, onMailQueued }),
  };
}

export async function startLeadPipeline(
  env: ServerEnv,
  { log, now = systemClock }: { log: Logger; now?: Clock },
) {
  const location = parseDatabaseUrl(env.DATABASE_URL);
  const timeoutMs = env.DATABASE_TIMEOUT_MS;
  log.info(`Opening the lead database: ${describeDatabase(location)}`);
  // While serving, a statement waits 5 ms for another connection's SQLite
  // lock (blocking the process); then the server retries on a timer (decision 056).
  const db = await openDatabase(location, { onError: log.error, timeoutMs, lockWaitMs: 5 });
  log.info(`Leads are stored in ${describeDatabase(location)}`);

  const tokenSecret = await loadFormTokenSecret(db, env.FORM_TOKEN_SECRET);
  const cancelSecret = await loadAppSecret(db, cancelSecretName);
  const mail = { from: env.LEADS_MAIL_FROM, to: env.LEADS_NOTIFY_TO };

  let worker: ReturnType<typeof createOutboxWorker> | undefined;
  sendWebhooksTo(env.WEBHOOK_URLS);
  const leaseMs = env.OUTBOX_LEASE_SECONDS * 1000;
  const send = env.WEBHOOK_SECRET ? webhookSender(env.WEBHOOK_SECRET) : undefined;
  const webhookOptions = { deadLetterAfter: env.WEBHOOK_MAX_ATTEMPTS, db, log, now, leaseMs };
  const webhookWorker = send && createOutboxWorker({ ...webhookOptions, send });
  webhookWorker?.start();
  const wakeWorker = () => [worker, webhookWorker].forEach((each) => each?.wake());
  const smtpUrl = env.SMTP_URL;
  const mailer =
    smtpUrl === undefined
      ? undefined
      : createSmtpMailer(smtpUrl, {
          caFile: env.SMTP_CA_FILE,
          rejectUnauthorized: env.SMTP_TLS_REJECT_UNAUTHORIZED,
        });
  if (mailer && smtpUrl) {
    const compose = composeOutboxMail(db, { mail, siteUrl: env.SITE_URL, cancelSecret }, now);
    worker = createOutboxWorker({ db, send: mailSender(mailer, compose), log, now, leaseMs });
    worker.start();
    log.info(`Lead notifications go to ${env.LEADS_NOTIFY_TO.join(", ")}`);
    if (!env.SMTP_TLS_REJECT_UNAUTHORIZED) {
      log.warn(
        "SMTP_TLS_REJECT_UNAUTHORIZED is false: the mail server's certificate is not checked. Prefer SMTP_CA_FILE.",
      );
    }
    // A wrong SMTP_URL shows at once, not at the first lead. The site starts
    // either way: notifications wait in the outbox until the server answers.
    const smtp = withoutPassword(smtpUrl);
    void mailer.verify().then(
      () => log.info(`SMTP server ${smtp} accepted the connection: lead notifications can be sent`),
      (error: unknown) =>
        log.warn(
          `SMTP server ${smtp} could not be used (${errorMessage(error)}): lead notifications wait in the outbox and are retried`,
        ),
    );
  } else {
    const { waiting } = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<string | number>().as("waiting"))
      .where("sent_at", "is", null)
      .where("kind", "<>", "webhook")
      .executeTakeFirstOrThrow();
    log.warn(
      `SMTP_URL is not set: lead notifications wait in the outbox (${Number(waiting)} waiting) and are sent once it is.`,
    );
  }

  const spoolFile = spoolFileFor(location, env.LEAD_SPOOL_FILE);
  const spool = spoolFile ? createLeadSpool(spoolFile, describeDatabase(location)) : undefined;
  const drainer = spool && createSpoolDrainer({ db, spool, log, timeoutMs, onMoved: wakeWorker });
  if (spool) log.info(`Enquiries the database cannot take in time wait in ${spool.file}`);
  else log.warn("LEAD_SPOOL_FILE=off: an enquiry the database cannot take is answered 503");
  // Enquiries left from an outage before a restart move in now.
  drainer?.start();

  const { intake, registrations } = createFormDesks({
    db,
    tokenSecret,
    cancelSecret,
    rateLimit: { maxPosts: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MINUTES * 60_000 },
    log,
    now,
    onMailQueued: wakeWorker,
    timeoutMs,
    spool,
  });

  // People past the retention limits are forgotten at start-up and daily (docs/decisions/077).
  const purge = () =>
    purgeExpired(db, now(), env).then(
      (forgot) => log.info(`Retention: forgot the people of ${JSON.stringify(forgot)}`),
      (error: unknown) => log.warn(`Retention: the purge failed: ${errorMessage(error)}`),
    );
  let purging = purge();
  const purgeTimer = setInterval(() => (purging = purge()), 86_400_000).unref();

  readPipelineFrom({
    databaseAnswers: () => pingDatabase(db),
    outbox: () => outboxBacklog(db, now),
    spooled: () => spool?.count() ?? 0,
  });
  // Counted for /metrics: enquiries accepted, registrations taken by status.
  const { receive } = intake;
  intake.receive = async (post) => {
    const outcome = await receive(post);
    if (outcome.kind === "accepted") leadsTaken.inc();
    return outcome;
  };
  const { register } = registrations;
  registrations.register = async (event, post) => {
    const outcome = await register(event, post);
    if (outcome.kind === "registered") registrationsTaken.inc({ status: outcome.status });
    return outcome;
  };
  return {
    db,
    intake,
    registrations,
    worker,
    /** The database answers (GET /readyz). */
    ready: () => pingDatabase(db),
    /** After the HTTP server has stopped: the worker sends what is due, a lead taken meanwhile too. */
    async close({ flushWithinMs = 3_000 } = {}) {
      clearInterval(purgeTimer);
      await Promise.all([drainer?.stop(), purging]);
      await webhookWorker?.stop();
      await worker?.stop();
      // No e-mail is started past the bound; one being sent may take the SMTP timeout more.
      const flushing = worker?.flush(flushWithinMs) ?? Promise.resolve(undefined);
      await withinDeadline(flushing, Date.now() + flushWithinMs + 5_000, "flush").catch(() => 0);
      mailer?.close();
      readPipelineFrom(undefined);
      spool?.close();
      await closeDatabase(db);
    },
  };
}

/** Unsent outbox rows, the age of the oldest, and dead webhooks, for /metrics (bounded like every call). */
async function outboxBacklog(db: AppDatabase, now: Clock) {
  const [row, dead] = await withinDeadline(
    Promise.all([
      db
        .selectFrom("outbox")
        .select((eb) => [
          eb.fn.countAll<string | number>().as("waiting"),
          eb.fn.min("created_at").as("oldest"),
        ])
        .where("sent_at", "is", null)
        .where("dead_at", "is", null)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<string | number>().as("count"))
        .where("kind", "=", "webhook")
        .where("dead_at", "is not", null)
        .executeTakeFirstOrThrow(),
    ]),
    Date.now() + 2_000,
    "outbox backlog",
  );
  const oldest = row.oldest ? new Date(row.oldest).getTime() : undefined;
  return {
    waiting: Number(row.waiting),
    oldestAgeSeconds: oldest ? Math.max(0, (now().getTime() - oldest) / 1000) : 0,
    deadWebhooks: Number(dead.count),
  };
}
