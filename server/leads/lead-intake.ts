import {
  contactFormValues,
  formTokenField,
  honeypotField,
  validateContactForm,
  type ContactFormValues,
} from "~/features/contact/contact-schema";
import type { ContactFormOutcome } from "~/load-context";
import type { AppDatabase } from "../db/database";
import { formTokenTiming, signFormToken, verifyFormToken } from "./form-token";
import { saveLead } from "./lead-store";
import { systemClock, type Clock, type Logger } from "./logger";
import { countPost, rateLimitBucket, type RateLimitRule } from "./rate-limit";

/**
 * Receives the contact form's posts: counts each against the client's rate
 * limit, checks the trap field and the time token, validates the fields with
 * the shared schema, and stores the lead with its outbox row. A post turned
 * away is logged with its reason and client address only.
 */
export type LeadIntakeOptions = {
  db: AppDatabase;
  tokenSecret: string;
  rateLimit: RateLimitRule;
  log: Logger;
  now?: Clock;
  tokenTiming?: { minAgeMs: number; maxAgeMs: number };
  /** Called after a lead is committed: the server wakes the outbox worker. */
  onLeadSaved?: (leadId: string) => void;
};

/** A post as the server's guard buffered it: at most 64 KB, from this site. */
export type ContactPost = { body: Buffer; contentType: string; clientAddress: string };

export type LeadIntake = {
  issueToken: () => string;
  receive: (post: ContactPost) => Promise<ContactFormOutcome>;
};

/** Why a post was turned away, for the log. */
export type RejectionReason =
  | "unreadable-body"
  | "rate-limited"
  | "trap-filled"
  | "trap-missing"
  | "token-too-fast"
  | "token-expired"
  | "token-invalid";

export function createLeadIntake({
  db,
  tokenSecret,
  rateLimit,
  log,
  now = systemClock,
  tokenTiming = formTokenTiming,
  onLeadSaved,
}: LeadIntakeOptions): LeadIntake {
  const reject = (post: ContactPost, reason: RejectionReason) =>
    log.warn(`Contact form: rejected a post from ${post.clientAddress} (${reason})`);

  async function receive(post: ContactPost): Promise<ContactFormOutcome> {
    const formData = await readFormData(post);
    const values: ContactFormValues = formData ? contactFormValues(formData) : {};

    const limit = await countPost(db, rateLimitBucket(post.clientAddress), now(), rateLimit);
    if (!limit.allowed) {
      reject(post, "rate-limited");
      return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds, values };
    }
    if (!formData) {
      reject(post, "unreadable-body");
      return { kind: "rejected", values };
    }

    const trap = formData.get(honeypotField);
    if (trap === null) {
      reject(post, "trap-missing");
      return { kind: "rejected", values };
    }
    if (trap !== "") {
      reject(post, "trap-filled");
      return { kind: "rejected", values };
    }

    const verdict = verifyFormToken(tokenSecret, formData.get(formTokenField), now(), tokenTiming);
    if (verdict !== "valid") {
      reject(post, `token-${verdict}`);
      return { kind: verdict === "expired" ? "expired" : "rejected", values };
    }

    const result = validateContactForm(formData);
    if (!result.success) return { kind: "invalid", errors: result.errors, values: result.values };

    const leadId = await saveLead(db, result.enquiry, now());
    log.info(`Contact form: stored lead ${leadId}`);
    onLeadSaved?.(leadId);
    return { kind: "accepted", leadId };
  }

  return {
    issueToken: () => signFormToken(tokenSecret, now()),
    receive,
  };
}

async function readFormData({ body, contentType }: ContactPost): Promise<FormData | null> {
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
