import { formTokenField, honeypotField, type FormRefusal } from "~/lib/forms/fields";
import type { AppDatabase } from "../db/database";
import { formTokenTiming, signFormToken, verifyFormToken } from "./form-token";
import { systemClock, type Clock, type Logger } from "./logger";
import { countPost, rateLimitBucket, type RateLimitRule } from "./rate-limit";

/**
 * The abuse rules every public form shares (docs/decisions/051), applied to a
 * post before its fields are read: count it against the client's rate limit,
 * then check the trap field and the signed time token. A post turned away is
 * logged with the form's name, the reason and the client address only.
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
  | "token-invalid";

/**
 * The post's form data (null when the body could not be read as a form), and
 * the refusal when the abuse rules turned it away.
 */
export type ScreenedPost =
  { formData: FormData; refusal?: undefined } | { formData: FormData | null; refusal: FormRefusal };

export type PostScreen = {
  /** A fresh signed time token for a form rendered now. */
  issueToken: () => string;
  screen: (post: FormPost) => Promise<ScreenedPost>;
};

export type PostScreenOptions = {
  db: AppDatabase;
  /** Names the form in the log: "Contact form: rejected a post from …". */
  formName: string;
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
  tokenSecret,
  rateLimit,
  rateLimitPrefix = "",
  log,
  now = systemClock,
  tokenTiming = formTokenTiming,
}: PostScreenOptions): PostScreen {
  const reject = (post: FormPost, reason: RejectionReason) =>
    log.warn(`${formName}: rejected a post from ${post.clientAddress} (${reason})`);

  async function screen(post: FormPost): Promise<ScreenedPost> {
    const formData = await readFormData(post);

    const bucket = rateLimitPrefix + rateLimitBucket(post.clientAddress);
    const limit = await countPost(db, bucket, now(), rateLimit);
    if (!limit.allowed) {
      reject(post, "rate-limited");
      return {
        formData,
        refusal: { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds },
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

    const verdict = verifyFormToken(tokenSecret, formData.get(formTokenField), now(), tokenTiming);
    if (verdict !== "valid") {
      reject(post, `token-${verdict}`);
      return { formData, refusal: { kind: verdict === "expired" ? "expired" : "rejected" } };
    }
    return { formData };
  }

  return { issueToken: () => signFormToken(tokenSecret, now()), screen };
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
