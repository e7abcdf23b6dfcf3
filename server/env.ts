import { readFileSync } from "node:fs";
import express from "express";
import { z } from "zod";
import { siteConfig } from "~/config/site";
import { normaliseSiteUrl } from "~/config/site-url";
import { describeIssue } from "~/lib/plain-messages";
import { defaultDatabaseUrl, parseDatabaseUrl } from "./db/database";
import { parseWebhookTargets, webhookEvents } from "./outbox/webhooks";

// The server's configuration, read once at start-up; `.env.example` says what
// each variable does. A wrong value stops the process with a message naming it.

const emailAddress = z.email();

const addressList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((address) => address.trim())
      .filter(Boolean),
  )
  .refine((addresses) => addresses.length > 0, "must list at least one e-mail address")
  .refine(
    (addresses) => addresses.every((address) => emailAddress.safeParse(address).success),
    "must be e-mail addresses separated by commas",
  );

/** `Name <address>` or a bare address, on one line. */
const senderAddress = z
  .string()
  .refine(
    (value) =>
      !/[\r\n]/.test(value) &&
      emailAddress.safeParse(/<([^>]+)>\s*$/.exec(value)?.[1] ?? value.trim()).success,
    "must be an e-mail address, optionally written as Name <address>",
  );

function isPemCertificateFile(file: string): boolean {
  try {
    return readFileSync(file, "utf8").includes("-----BEGIN CERTIFICATE-----");
  } catch {
    return false;
  }
}

const webhookEvent = z.enum([...webhookEvents, "lead.*", "registration.*", "*"]);
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" });
const webhookTargets = z.array(z.object({ url: httpUrl, events: z.array(webhookEvent) }));
const webhookSecret = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/; // 24 bytes or more, in base64

// Express's "trust proxy": off by default, so a client cannot pick its own
// address and escape the rate limit. Express itself (proxy-addr) checks a list.
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string => {
    if (value === "" || value === "false" || value === "0") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) return Number(value);
    try {
      express().set("trust proxy", value);
      return value;
    } catch {
      ctx.addIssue({
        code: "custom",
        message:
          "must be false, true, a number of proxy hops, or addresses/subnets (or loopback, linklocal, uniquelocal) separated by commas",
      });
      return z.NEVER;
    }
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .default(defaultDatabaseUrl)
    .superRefine((value, ctx) => {
      try {
        parseDatabaseUrl(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  LEAD_SPOOL_FILE: z.string().trim().min(1).optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
    .refine(
      (value) => ![...new URL(value).searchParams.keys()].some((key) => key.startsWith("tls.")),
      "must not carry tls.* options: set SMTP_CA_FILE or SMTP_TLS_REJECT_UNAUTHORIZED instead",
    )
    .optional(),
  SMTP_CA_FILE: z
    .string()
    .refine(isPemCertificateFile, "must be a readable PEM file holding a certificate")
    .optional(),
  SMTP_TLS_REJECT_UNAUTHORIZED: z
    .enum(["true", "false"], { error: "must be true or false" })
    .transform((value) => value === "true")
    .default(true),
  LEADS_NOTIFY_TO: addressList.default([siteConfig.email]),
  LEADS_MAIL_FROM: senderAddress.default(
    `${siteConfig.name} website <website@${siteConfig.email.split("@")[1]}>`,
  ),
  TRUST_PROXY: trustProxy.default(false),
  FORM_TOKEN_SECRET: z.string().min(32, "must be at least 32 characters long").optional(),
  SITE_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return normaliseSiteUrl(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  // 1 s keeps a request sent just before SIGTERM from being reset; behind a
  // proxy it must outlast the proxy's health check (deploy/corvanta.env.example: 5 s).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(1_000),
  // /metrics (Prometheus) on a listener of its own, off unless set; on loopback unless METRICS_HOST says otherwise.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  // Hashed assets of every installed release, served before the release's own: a host of several
  // behind one balancer (docs/several-hosts.md); unset, the release's build/client/assets only.
  ASSET_STORE: z.string().min(1).optional(),
  // How long an outbox row claimed by an instance that died stays reserved (server/outbox).
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(5),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1_440).default(10), // a day at most
  // Days a lead keeps its person, and a registration after its event ends (docs/decisions/077).
  LEADS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  REGISTRATIONS_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  // Signed webhooks (docs/webhooks.md): `URL|event,event` entries separated by white space.
  WEBHOOK_URLS: z.string().transform(parseWebhookTargets).pipe(webhookTargets).default([]),
  WEBHOOK_SECRET: z.string().regex(webhookSecret).optional(),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(20),
});
const secretNeeded = { path: ["WEBHOOK_SECRET"], message: "must be set when WEBHOOK_URLS is" };
const checkedEnv = envSchema.refine((e) => !e.WEBHOOK_URLS[0] || e.WEBHOOK_SECRET, secretNeeded);

export type ServerEnv = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  // An empty variable (FOO= in a .env file) means "not set", as in most tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = checkedEnv.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${describeIssue(issue, present)}`)
      .join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return result.data;
}
