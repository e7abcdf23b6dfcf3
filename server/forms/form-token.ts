import type { TokenForm } from "~/config/paths";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { loadAppSecret } from "../db/app-secrets";
import type { AppDatabase } from "../db/database";

/**
 * A form's time token: when it was issued, signed with a server secret and the form's name. A post
 * sooner than a person can fill the form in, hours later, altered, or with another form's token is
 * turned away. Fetched by the form's page or brought back with an answer, never in a kept page.
 */
export type FormTokenVerdict = "valid" | "too-fast" | "expired" | "invalid";

export const formTokenTiming = {
  /** Nobody reads the page and writes an enquiry in under three seconds. */
  minAgeMs: 3_000,
  /** A form left open longer than this is stale: the visitor is asked to send it again. */
  maxAgeMs: 4 * 60 * 60 * 1000,
} as const;

// v1 tokens were signed without the form's name.
const VERSION = "v2";

export function hmacSha256(secret: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(payload).digest();
}

/** A token for `form` rendered at `issuedAt`. */
export function signFormToken(secret: string, issuedAt: Date, form: TokenForm): string {
  const nonce = randomBytes(9).toString("base64url");
  const issued = issuedAt.getTime().toString(36);
  // The signature covers the form's name, then the token's own fields.
  const signature = hmacSha256(secret, `${form}.${VERSION}.${issued}.${nonce}`);
  return `${VERSION}.${issued}.${nonce}.${signature.toString("base64url")}`;
}

/** Checks a token posted with `form`: one signed for another form is "invalid". */
export function verifyFormToken(
  secret: string,
  token: unknown,
  now: Date,
  form: TokenForm,
  timing: { minAgeMs: number; maxAgeMs: number } = formTokenTiming,
): FormTokenVerdict {
  if (typeof token !== "string" || token.length > 200) return "invalid";
  const parts = token.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) return "invalid";
  const [version, issued, nonce, signature] = parts as [string, string, string, string];
  const expected = hmacSha256(secret, `${form}.${version}.${issued}.${nonce}`);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";

  const issuedAt = parseInt(issued, 36);
  if (!Number.isSafeInteger(issuedAt)) return "invalid";
  const age = now.getTime() - issuedAt;
  // A token from the future was not issued by this clock: someone made it.
  if (age < -60_000) return "invalid";
  if (age < timing.minAgeMs) return "too-fast";
  if (age > timing.maxAgeMs) return "expired";
  return "valid";
}

/**
 * The random part of a token `verifyFormToken` accepted: what makes each rendering of the form
 * unique. A stored lead or registration records it, so the same token cannot send a second one
 * (issue 15).
 */
export function formTokenNonce(token: string): string {
  return token.split(".")[2] ?? "";
}

/** FORM_TOKEN_SECRET, else one shared through the database (app-secrets.ts), kept across restarts. */
export async function loadFormTokenSecret(db: AppDatabase, configured?: string): Promise<string> {
  return configured || loadAppSecret(db, "form-token");
}
