import type { Page, Route } from "@playwright/test";
import { once } from "node:events";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { contactFormPath, formTokenField } from "~/features/contact/contact-schema";
import { createApp } from "../../server/http/app";
import { openDatabase, parseDatabaseUrl, type AppDatabase } from "../../server/db/database";
import { tokenForms } from "~/config/paths";
import { signFormToken, verifyFormToken } from "../../server/forms/form-token";
import { createSmtpMailer } from "../../server/outbox/mailer";
import {
  createOutboxWorker,
  mailSender,
  type OutboxWorker,
} from "../../server/outbox/outbox-worker";
import { composeOutboxMail, createFormDesks } from "../../server/services";
import type { RateLimitRule } from "../../server/forms/rate-limit";
import { leadLogger } from "../../server/core/log";
import { manualClock, recordingServerLog } from "../support/manual-clock";
import { startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase, type TestDatabaseKind } from "../support/test-databases";

/** The forms whose tokens the browser tests re-sign. */

/**
 * Helpers for the contact form's browser and HTTP tests. The shared e2e server
 * (playwright.config.ts) keeps its leads in a throwaway SQLite file and signs
 * form tokens with a secret from the environment; tests that need a clock or
 * a low rate limit start their own server in this process.
 */

/** The e2e server's database, for checking that a lead was stored. */
export async function e2eDatabase(): Promise<AppDatabase> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set (see playwright.config.ts)");
  return openDatabase(parseDatabaseUrl(url), { migrate: false });
}

export function findLeadByEmail(db: AppDatabase, email: string) {
  return db.selectFrom("leads").selectAll().where("email", "=", email).executeTakeFirst();
}

/** A unique work e-mail for one test, so parallel tests never read each other's leads. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
}

/**
 * A browser test fills a form in well under the three seconds a person needs.
 * This stands in for the visitor's pace: each post to the form gets, in place of
 * the page's token, one issued a minute earlier, after checking that the page's
 * own token is genuine and would be accepted a minute from now. By default it
 * speaks for the shared e2e server and the contact form; a test's own server
 * passes its secret, its clock and the paths its form posts to.
 */
export async function postAtHumanPace(
  page: Page,
  {
    tokenAgeMs = 60_000,
    secret = process.env.E2E_FORM_TOKEN_SECRET,
    now = () => new Date(),
    isFormPath = (url: URL) => url.pathname.startsWith(contactFormPath),
  }: {
    tokenAgeMs?: number;
    secret?: string;
    now?: () => Date;
    isFormPath?: (url: URL) => boolean;
  } = {},
) {
  if (!secret) throw new Error("E2E_FORM_TOKEN_SECRET is not set (see playwright.config.ts)");
  const posted: string[] = [];
  const handler = async (route: Route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.fallback();
    const fields = new URLSearchParams(request.postData() ?? "");
    const original = fields.get(formTokenField);
    // A page without JavaScript has no token until an answer brings one: the post goes as it is.
    if (!original) return route.fallback();
    const aMinuteLater = new Date(now().getTime() + 60_000);
    // A token is signed for its form: the new one is for the same form.
    const form = tokenForms.find(
      (candidate) => verifyFormToken(secret, original, aMinuteLater, candidate) === "valid",
    );
    if (!form) throw new Error(`the page's form token is not valid: ${original}`);
    fields.set(formTokenField, signFormToken(secret, new Date(now().getTime() - tokenAgeMs), form));
    posted.push(request.url());
    await route.fallback({ postData: fields.toString() });
  };
  await page.route(isFormPath, handler);
  return { posted, stop: () => page.unroute(isFormPath, handler) };
}

/**
 * A production app in this process with its own database, clock and rate
 * limit, taking enquiries and event registrations. Its loaders read the same
 * clock as its forms; with `smtp`, the outbox worker sends the e-mails to a
 * real SMTP server in this process (tests/support/smtp-sink.ts), with links
 * on this server's address.
 */
export async function startContactServer({
  kind = "sqlite",
  rateLimit = { maxPosts: 100, windowMs: 600_000 },
  trustProxy = false,
  clockStart,
  smtp = false,
}: {
  kind?: TestDatabaseKind;
  rateLimit?: RateLimitRule;
  trustProxy?: boolean | number | string;
  /** Where the server's clock stands (manual-clock.ts's default otherwise). */
  clockStart?: Date;
  smtp?: boolean;
} = {}) {
  const buildUrl = pathToFileURL(path.resolve("build/server/index.js")).href;
  const build = (await import(buildUrl)) as ServerBuild;
  const database = await createTestDatabase(kind);
  const db = await database.open().catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const clock = manualClock(clockStart);
  // The real structured log, kept in memory so tests can read what it says.
  const log = recordingServerLog();
  const tokenSecret = "in-process-contact-server-secret-0001";
  const cancelSecret = "in-process-cancel-link-secret-000001";
  const sink = smtp ? await startSmtpSink() : undefined;
  let worker: OutboxWorker | undefined;
  const { intake, registrations } = createFormDesks({
    db,
    tokenSecret,
    cancelSecret,
    rateLimit,
    log: leadLogger(log.log),
    now: clock,
    onMailQueued: () => worker?.wake(),
  });
  const app = createApp({
    build,
    clientDir: path.resolve("build/client"),
    now: clock,
    leads: intake,
    registrations,
    trustProxy,
    log: log.log,
    // These tests post far more than a visitor would; the general limit has its own test.
    writeLimitPerMinute: 100_000,
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const mailer = sink && createSmtpMailer(sink.url);
  if (mailer) {
    const mail = { from: "Corvanta Digital website <website@corvanta.example>", to: [teamAddress] };
    worker = createOutboxWorker({
      db,
      send: mailSender(mailer, composeOutboxMail(db, { mail, siteUrl: url, cancelSecret }, clock)),
      log: leadLogger(log.log),
      now: clock,
    });
  }
  return {
    url,
    origin: url,
    db,
    clock,
    log,
    /** The SMTP server the e-mails go to, with `smtp`. */
    sink,
    /** A token as the contact form would carry it, issued `ageMs` ago on the server's clock. */
    token: (ageMs = 30_000) =>
      signFormToken(tokenSecret, new Date(clock().getTime() - ageMs), "contact"),
    /** A token as an event's registration form would carry it, issued `ageMs` ago. */
    registrationToken: (ageMs = 30_000) =>
      signFormToken(tokenSecret, new Date(clock().getTime() - ageMs), "registration"),
    /** Stands in for the visitor's pace on this server's forms (see postAtHumanPace). */
    humanPace: (page: Page, isFormPath: (url: URL) => boolean, tokenAgeMs?: number) =>
      postAtHumanPace(page, { secret: tokenSecret, now: clock, isFormPath, tokenAgeMs }),
    leadCount: async () => (await db.selectFrom("leads").select("id").execute()).length,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await worker?.stop();
      mailer?.close();
      await sink?.close();
      await database.drop();
    },
  };
}

/** Where the in-process server's team notifications go. */
export const teamAddress = "events-team@corvanta.example";

export type ContactServer = Awaited<ReturnType<typeof startContactServer>>;

export type RawResponse = { status: number; headers: IncomingHttpHeaders; text: string };

/**
 * A plain HTTP request with exactly the headers given (no Origin or
 * Sec-Fetch-Site unless the test sets them). `body` may be a string, a buffer,
 * or chunks sent with chunked transfer encoding and no Content-Length.
 */
export function rawRequest(
  url: string,
  {
    method = "POST",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string | Buffer | Buffer[] } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(url, { method, headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", reject);
    });
    // The server may answer and close before the whole body is written: that is the point.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (Array.isArray(body)) {
      const write = (index: number) => {
        if (index === body.length || answered) return req.end();
        req.write(body[index], () => write(index + 1));
      };
      write(0);
    } else {
      req.end(body);
    }
  });
}

/** A form post as a browser sends it from the contact page. */
export function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return rawRequest(url, {
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: new URL(url).origin,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}
