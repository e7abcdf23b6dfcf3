import { formTokenField, honeypotField, type FormRefusal } from "~/lib/forms/fields";
import { boundedCall } from "../db/bounded";
import type { AppDatabase } from "../db/database";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { formTokenNonce, formTokenTiming, signFormToken, verifyFormToken } from "./form-token";
import type { TokenForm } from "~/config/paths";
import { systemClock, type Clock, type Logger } from "../core/logger";
import {
  countPost,
  rateLimitBucket,
  type RateLimitRule,
  type RateLimitVerdict,
} from "./rate-limit";

/*
 * The abuse rules every public form shares (docs/decisions/051), before its fields are read: the
 * client's rate limit, the trap field, the signed time token. A refusal is logged with the form,
 * the reason and the address only. The count is the database's within the post's deadline, else
 * this process's (the same rule), and the form decides what to do without a database (055, 056).
 */

/** A post as the action read it: its form data (null when not a form) and the client's address. */
export type FormPost = { form: FormData | null; clientAddress: string };

/** Why a post was turned away, for the log. */
export type RejectionReason =
  | `${"unreadable-body" | "rate-limited" | "trap-filled" | "trap-missing"}`
  | `token-${"missing" | "too-fast" | "expired" | "invalid" | "replayed"}`;

/** The refusal; else the token's nonce (recorded with what the form stores) and whether the database counted. */
export type ScreenedPost =
  | { formData: FormData; refusal?: undefined; tokenNonce: string; databaseAnswers: boolean }
  | { refusal: FormRefusal };

export type PostScreen = ReturnType<typeof createPostScreen>;

export type PostScreenOptions = {
  db: AppDatabase;
  formName: string;
  /** The form whose tokens it issues and accepts: another form's token is "token-invalid". */
  tokenForm: TokenForm;
  tokenSecret: string;
  rateLimit: RateLimitRule;
  /** Forms with different prefixes count against separate limits; the contact form has none. */
  rateLimitPrefix?: string;
  log: Logger;
  now?: Clock;
  tokenTiming?: { minAgeMs: number; maxAgeMs: number };
};

export function createPostScreen({
  db,
  formName,
  tokenForm,
  tokenSecret,
  rateLimit,
  rateLimitPrefix = "",
  log,
  now = systemClock,
  tokenTiming = formTokenTiming,
}: PostScreenOptions) {
  const reject = (post: FormPost, reason: RejectionReason) =>
    log.warn(`${formName}: rejected a post from ${post.clientAddress} (${reason})`);
  // Counts posts while the database cannot: the same rule, in this process
  // only, on its own clock (a client's window ends as its timer fires).
  const localLimit = new RateLimiterMemory({
    points: rateLimit.maxPosts,
    duration: rateLimit.windowMs / 1000,
  });

  async function count(bucket: string, deadline: number) {
    try {
      const counting = () => countPost(db, bucket, now(), rateLimit);
      return {
        verdict: await boundedCall(counting, deadline, "counting the post"),
        databaseAnswers: true,
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(`${formName}: the database did not count a post (${reason}); counting it here`);
      const verdict = await localLimit.consume(bucket).then(
        (): RateLimitVerdict => ({ allowed: true }),
        (refusal: unknown): RateLimitVerdict => {
          // Over the limit it rejects with the window's state; anything else is a fault.
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
          };
        },
      );
      return { verdict, databaseAnswers: false };
    }
  }

  /** `deadline` (ms since the epoch) bounds the database's count. */
  async function screen(post: FormPost, deadline: number): Promise<ScreenedPost> {
    const formData = post.form;
    const bucket = rateLimitPrefix + rateLimitBucket(post.clientAddress);
    const { verdict, databaseAnswers } = await count(bucket, deadline);
    if (!verdict.allowed) {
      reject(post, "rate-limited");
      return { refusal: { kind: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds } };
    }
    if (!formData) {
      reject(post, "unreadable-body");
      return { refusal: { kind: "rejected" } };
    }

    const trap = formData.get(honeypotField);
    if (trap === null || trap !== "") {
      reject(post, trap === null ? "trap-missing" : "trap-filled");
      return { refusal: { kind: "rejected" } };
    }

    const token = formData.get(formTokenField);
    if (!token) {
      // A page without JavaScript never fetched its token: the answer brings
      // the form back with one, and the visitor sends it once more.
      reject(post, "token-missing");
      return { refusal: { kind: "confirm" } };
    }
    const tokenVerdict = verifyFormToken(tokenSecret, token, now(), tokenForm, tokenTiming);
    if (tokenVerdict !== "valid") {
      reject(post, `token-${tokenVerdict}`);
      return { refusal: { kind: tokenVerdict === "expired" ? "expired" : "rejected" } };
    }
    return { formData, tokenNonce: formTokenNonce(token as string), databaseAnswers };
  }

  // reject: for a post turned away after the screen (a replayed token, say).
  return { issueToken: () => signFormToken(tokenSecret, now(), tokenForm), screen, reject };
}

/** When a visitor whose post could not be saved (the database is away) may try again. */
export const unavailableRetryAfterSeconds = 120;
