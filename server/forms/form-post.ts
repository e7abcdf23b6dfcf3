import { formTokenField, honeypotField, type FormRefusal } from "~/lib/forms/fields";
import { boundedCall } from "../db/bounded";
import type { AppDatabase } from "../db/database";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import {
  formTokenNonce,
  formTokenTiming,
  signFormToken,
  verifyFormToken,
  type TokenForm,
} from "./form-token";
import { systemClock, type Clock, type Logger } from "../core/logger";
import {
  countPost,
  rateLimitBucket,
  type RateLimitRule,
  type RateLimitVerdict,
} from "./rate-limit";

/**
 * The abuse rules every public form shares (docs/decisions/051), applied to a
 * post before its fields are read: count it against the client's rate limit,
 * then check the trap field and the signed time token. A post turned away is
 * logged with the form's name, the reason and the client address only.
 *
 * The count is the database's, within the post's deadline; when the database
 * does not answer in time it is counted in this process instead (the same
 * rule), and the post goes on: the form decides what to do with a database
 * that is away (docs/decisions/055, 056).
 */

/** A post as the server's guard buffered it: at most 64 KB, from this site. */
export type FormPost = { body: Buffer; contentType: string; clientAddress: string };

/** Why a post was turned away, for the log. */
export type RejectionReason =
  | "unreadable-body"
  | "rate-limited"
  | "trap-filled"
  | "trap-missing"
  | "token-too-fast"
  | "token-expired"
  | "token-invalid"
  | "token-replayed";

/**
 * The post's form data (null when the body could not be read as a form), and
 * the refusal when the abuse rules turned it away; else the token's nonce
 * (a token works once: the form records it with what it stores) and whether
 * the database counted the post.
 */
export type ScreenedPost =
  | { formData: FormData; refusal?: undefined; tokenNonce: string; databaseAnswers: boolean }
  | { formData: FormData | null; refusal: FormRefusal };

export type PostScreen = {
  /** A fresh signed time token for a form rendered now. */
  issueToken: () => string;
  /**
   * `deadline` (ms since the epoch) bounds the database's count; `formData`,
   * when the caller has read the body already (readFormData), is not read again.
   */
  screen: (post: FormPost, deadline: number, formData?: FormData | null) => Promise<ScreenedPost>;
  /** Logs a post turned away after the screen (a replayed token, say). */
  reject: (post: FormPost, reason: RejectionReason) => void;
};

export type PostScreenOptions = {
  db: AppDatabase;
  /** Names the form in the log: "Contact form: rejected a post from …". */
  formName: string;
  /** The form whose tokens it issues and accepts: another form's token is "token-invalid". */
  tokenForm: TokenForm;
  tokenSecret: string;
  rateLimit: RateLimitRule;
  /**
   * Posts of forms with different prefixes count against separate limits;
   * the contact form has none.
   */
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
}: PostScreenOptions): PostScreen {
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
      const verdict = await boundedCall(
        () => countPost(db, bucket, now(), rateLimit),
        deadline,
        "counting the post",
      );
      return { verdict, databaseAnswers: true };
    } catch (error) {
      log.warn(
        `${formName}: the database did not count a post (${error instanceof Error ? error.message : String(error)}); counting it here`,
      );
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

  async function screen(
    post: FormPost,
    deadline: number,
    alreadyRead?: FormData | null,
  ): Promise<ScreenedPost> {
    const formData = alreadyRead === undefined ? await readFormData(post) : alreadyRead;

    const bucket = rateLimitPrefix + rateLimitBucket(post.clientAddress);
    const { verdict, databaseAnswers } = await count(bucket, deadline);
    if (!verdict.allowed) {
      reject(post, "rate-limited");
      return {
        formData,
        refusal: { kind: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds },
      };
    }
    if (!formData) {
      reject(post, "unreadable-body");
      return { formData, refusal: { kind: "rejected" } };
    }

    const trap = formData.get(honeypotField);
    if (trap === null || trap !== "") {
      reject(post, trap === null ? "trap-missing" : "trap-filled");
      return { formData, refusal: { kind: "rejected" } };
    }

    const token = formData.get(formTokenField);
    const tokenVerdict = verifyFormToken(tokenSecret, token, now(), tokenForm, tokenTiming);
    if (tokenVerdict !== "valid") {
      reject(post, `token-${tokenVerdict}`);
      return { formData, refusal: { kind: tokenVerdict === "expired" ? "expired" : "rejected" } };
    }
    return { formData, tokenNonce: formTokenNonce(token as string), databaseAnswers };
  }

  return { issueToken: () => signFormToken(tokenSecret, now(), tokenForm), screen, reject };
}

/** The post's body as form data, or null when it is not a form or cannot be read. */
export async function readFormData({ body, contentType }: FormPost): Promise<FormData | null> {
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType)) {
    return null;
  }
  try {
    return await new Response(Uint8Array.from(body), {
      headers: { "Content-Type": contentType },
    }).formData();
  } catch {
    return null;
  }
}

/** When a visitor whose post could not be saved (the database is away) may try again. */
export const unavailableRetryAfterSeconds = 120;
