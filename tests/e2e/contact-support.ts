import type { Page, Route } from "@playwright/test";
import { once } from "node:events";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { contactFormPath, formTokenField } from "~/features/contact/contact-schema";
import { createApp } from "../../server/app";
import { openDatabase, parseDatabaseUrl, type AppDatabase } from "../../server/db/database";
import { signFormToken, verifyFormToken } from "../../server/leads/form-token";
import { createLeadIntake } from "../../server/leads/lead-intake";
import type { RateLimitRule } from "../../server/leads/rate-limit";
import { leadLogger } from "../../server/log";
import { manualClock, recordingServerLog } from "../support/manual-clock";
import { createTestDatabase, type TestDatabaseKind } from "../support/test-databases";

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
 * A browser test fills the form in well under the three seconds a person needs.
 * This stands in for the visitor's pace: each post to the form gets, in place of
 * the page's token, one issued a minute earlier, after checking that the page's
 * own token is genuine and would be accepted a minute from now.
 */
export async function postAtHumanPace(page: Page, { tokenAgeMs = 60_000 } = {}) {
  const secret = process.env.E2E_FORM_TOKEN_SECRET;
  if (!secret) throw new Error("E2E_FORM_TOKEN_SECRET is not set (see playwright.config.ts)");
  const posted: string[] = [];
  const isContactPath = (url: URL) => url.pathname.startsWith(contactFormPath);
  const handler = async (route: Route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.fallback();
    const fields = new URLSearchParams(request.postData() ?? "");
    const original = fields.get(formTokenField);
    const aMinuteLater = new Date(Date.now() + 60_000);
    if (verifyFormToken(secret, original, aMinuteLater) !== "valid") {
      throw new Error(`the page's form token is not valid: ${original}`);
    }
    fields.set(formTokenField, signFormToken(secret, new Date(Date.now() - tokenAgeMs)));
    posted.push(request.url());
    await route.fallback({ postData: fields.toString() });
  };
  await page.route(isContactPath, handler);
  return { posted, stop: () => page.unroute(isContactPath, handler) };
}

/** A production app in this process with its own database, clock and rate limit. */
export async function startContactServer({
  kind = "sqlite",
  rateLimit = { maxPosts: 100, windowMs: 600_000 },
  trustProxy = false,
}: {
  kind?: TestDatabaseKind;
  rateLimit?: RateLimitRule;
  trustProxy?: boolean | number | string;
} = {}) {
  const buildUrl = pathToFileURL(path.resolve("build/server/index.js")).href;
  const build = (await import(buildUrl)) as ServerBuild;
  const database = await createTestDatabase(kind);
  const db = await database.open().catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const clock = manualClock();
  // The real structured log, kept in memory so tests can read what it says.
  const log = recordingServerLog();
  const tokenSecret = "in-process-contact-server-secret-0001";
  const intake = createLeadIntake({
    db,
    tokenSecret,
    rateLimit,
    log: leadLogger(log.log),
    now: clock,
  });
  const app = createApp({
    build,
    clientDir: path.resolve("build/client"),
    leads: intake,
    trustProxy,
    log: log.log,
    // These tests post far more than a visitor would; the general limit has its own test.
    writeLimitPerMinute: 100_000,
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    origin: url,
    db,
    clock,
    log,
    /** A token as the form would carry it, issued `ageMs` ago on the server's clock. */
    token: (ageMs = 30_000) => signFormToken(tokenSecret, new Date(clock().getTime() - ageMs)),
    leadCount: async () => (await db.selectFrom("leads").select("id").execute()).length,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await database.drop();
    },
  };
}

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
