import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { z } from "zod";
import { siteConfig } from "~/config/site";
import { normaliseSiteUrl } from "~/config/site-url";
import { defaultDatabaseUrl, parseDatabaseUrl } from "./db/database";

/**
 * The server's configuration, read once at start-up. A wrong value stops the
 * process with a message that names the variable. `.env.example` lists them all.
 */

const emailAddress = z.email();

/** A comma-separated list of e-mail addresses. */
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

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * Which proxies may tell us the client's address in X-Forwarded-For, in the
 * syntax of Express's "trust proxy": off by default, so a client cannot pick its
 * own address and escape the rate limit.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string => {
    if (value === "" || value === "false" || value === "0") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const valid = entries.every(
      (entry) =>
        PROXY_NAMES.has(entry) ||
        (isIP(entry.split("/")[0] ?? "") !== 0 && /^[^/]+(\/\d{1,3})?$/.test(entry)),
    );
    if (!valid) {
      ctx.addIssue({
        code: "custom",
        message:
          "must be false, true, a number of proxy hops, or addresses/subnets (or loopback, linklocal, uniquelocal) separated by commas",
      });
      return z.NEVER;
    }
    return value;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on; unset listens on every interface, IPv4 and IPv6. */
  HOST: z.string().min(1).optional(),

  /** postgres://... for PostgreSQL; file:PATH for a SQLite file. */
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
  /**
   * The longest one database call may take, and the whole database part of a
   * form post: past it the enquiry goes to the spool (docs/decisions/055, 056).
   */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * The local spool for enquiries the database cannot take in time: a SQLite
   * file path, or "off" for none (then such a post is answered 503 with the
   * form kept). Unset: beside the SQLite database, or under data/ for PostgreSQL.
   */
  LEAD_SPOOL_FILE: z.string().trim().min(1).optional(),
  /** smtp:// or smtps:// with credentials; unset, lead notifications wait in the outbox. */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
    .refine(
      (value) => ![...new URL(value).searchParams.keys()].some((key) => key.startsWith("tls.")),
      "must not carry tls.* options: set SMTP_CA_FILE or SMTP_TLS_REJECT_UNAUTHORIZED instead",
    )
    .optional(),
  /** A PEM file of certificates to trust for the mail server instead of the public CAs. */
  SMTP_CA_FILE: z
    .string()
    .refine(isPemCertificateFile, "must be a readable PEM file holding a certificate")
    .optional(),
  /** false sends over TLS without checking the mail server's certificate. */
  SMTP_TLS_REJECT_UNAUTHORIZED: z
    .enum(["true", "false"], { error: "must be true or false" })
    .transform((value) => value === "true")
    .default(true),
  LEADS_NOTIFY_TO: addressList.default([siteConfig.email]),
  LEADS_MAIL_FROM: senderAddress.default(
    `${siteConfig.name} website <website@${siteConfig.email.split("@")[1]}>`,
  ),
  TRUST_PROXY: trustProxy.default(false),
  /** Signs the form's time token; unset, a secret generated on first start is kept in the database. */
  FORM_TOKEN_SECRET: z.string().min(32, "must be at least 32 characters long").optional(),
  /** The public origin; https turns on HSTS. Read again here because the build bakes it into pages. */
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
  /** pino's level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** A client must have sent its request headers within this time, or it is dropped. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** A client must have sent its whole request within this time, or it is dropped. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Requests other than GET and HEAD one client address may make per minute. */
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(5),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
});

export type ServerEnv = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  // An empty variable (FOO= in a .env file) means "not set", as in most tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return result.data;
}
