import {
  contactFormValues,
  validateContactForm,
  type ContactFormValues,
} from "~/features/contact/contact-schema";
import type { ContactFormOutcome } from "~/load-context";
import type { AppDatabase } from "../db/database";
import { createPostScreen, type FormPost } from "./form-post";
import { formTokenTiming } from "./form-token";
import { saveLead } from "./lead-store";
import { systemClock, type Clock, type Logger } from "./logger";
import type { RateLimitRule } from "./rate-limit";

/**
 * Receives the contact form's posts: the abuse rules every form shares
 * (form-post.ts: the client's rate limit, the trap field, the time token),
 * then the fields with the shared schema; a valid enquiry is stored as a lead
 * with its outbox row. A post turned away is logged with its reason and
 * client address only.
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
export type ContactPost = FormPost;

export type LeadIntake = {
  issueToken: () => string;
  receive: (post: ContactPost) => Promise<ContactFormOutcome>;
};

export function createLeadIntake({
  db,
  tokenSecret,
  rateLimit,
  log,
  now = systemClock,
  tokenTiming = formTokenTiming,
  onLeadSaved,
}: LeadIntakeOptions): LeadIntake {
  const screen = createPostScreen({
    db,
    formName: "Contact form",
    tokenSecret,
    rateLimit,
    log,
    now,
    tokenTiming,
  });

  async function receive(post: ContactPost): Promise<ContactFormOutcome> {
    const { formData, refusal } = await screen.screen(post);
    const values: ContactFormValues = formData ? contactFormValues(formData) : {};
    if (refusal) return { ...refusal, values };

    const result = validateContactForm(formData);
    if (!result.success) return { kind: "invalid", errors: result.errors, values: result.values };

    const leadId = await saveLead(db, result.enquiry, now());
    log.info(`Contact form: stored lead ${leadId}`);
    onLeadSaved?.(leadId);
    return { kind: "accepted", leadId };
  }

  return { issueToken: screen.issueToken, receive };
}
