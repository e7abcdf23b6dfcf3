import { randomUUID } from "node:crypto";
import {
  contactFormValues,
  validateContactForm,
  type ContactFormValues,
} from "~/features/contact/contact-schema";
import type { ContactFormOutcome } from "~/load-context";
import { readLeadSource } from "~/lib/forms/lead-source";
import { retryWhileLocked, withinDeadline } from "../db/bounded";
import { defaultDatabaseTimeoutMs } from "../db/database";
import {
  createPostScreen,
  unavailableRetryAfterSeconds,
  type FormPost,
  type PostScreenOptions,
} from "../forms/form-post";
import { formTokenTiming } from "../forms/form-token";
import type { LeadSpool } from "./lead-spool";
import { forgetUsedTokensBefore, TokenReplayedError } from "../forms/token-uses";
import { saveLead } from "./lead-store";
import { errorMessage, systemClock } from "../core/logger";

/**
 * Receives the contact form's posts: the abuse rules every form shares (form-post.ts; the token's
 * nonce is recorded with the lead, so it works once), then the shared schema; a valid enquiry is
 * stored as a lead with its outbox row. A refused post is logged with its reason and address only.
 *
 * The database gets `timeoutMs` for the whole post. Past it, or when it fails, the enquiry goes to
 * the local spool (lead-spool.ts) and the visitor is told it was received; if the spool cannot take
 * it either (or there is none) the visitor gets the form back as typed with an honest "could not
 * be saved yet" (503). Nothing is lost without the visitor knowing. See docs/decisions/055.
 */
export type LeadIntakeOptions = Omit<
  PostScreenOptions,
  "formName" | "tokenForm" | "rateLimitPrefix" | "tokenTiming"
> & {
  /** Called after a lead is committed: the server wakes the outbox worker. */
  onLeadSaved?: (leadId: string) => void;
  /** The longest the database may take over one post (DATABASE_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Where an enquiry goes when the database cannot take it; none means 503 instead. */
  spool?: LeadSpool;
};

export type LeadIntake = ReturnType<typeof createLeadIntake>;

export function createLeadIntake(options: LeadIntakeOptions) {
  const { db, log, now = systemClock, onLeadSaved, spool } = options;
  const timeoutMs = options.timeoutMs ?? defaultDatabaseTimeoutMs;
  const screen = createPostScreen({ ...options, formName: "Contact form", tokenForm: "contact" });
  let tokensForgottenAt = 0;

  /** Never rejects: whatever fails, the visitor gets an answer that keeps what they typed. */
  async function receive(post: FormPost): Promise<ContactFormOutcome> {
    const values: ContactFormValues = post.form ? contactFormValues(post.form) : {};
    try {
      return await check(post, values);
    } catch (error) {
      log.error(`Contact form: a post from ${post.clientAddress} failed: ${errorMessage(error)}`);
      return { kind: "unavailable", retryAfterSeconds: unavailableRetryAfterSeconds, values };
    }
  }

  async function check(post: FormPost, values: ContactFormValues): Promise<ContactFormOutcome> {
    const deadline = Date.now() + timeoutMs;
    const screened = await screen.screen(post, deadline);
    if (screened.refusal) {
      // A post with no token is asked to come again: with its errors, if it has any.
      const result =
        screened.refusal.kind === "confirm" && post.form && validateContactForm(post.form);
      if (result && !result.success) {
        return { kind: "invalid", errors: result.errors, values: result.values };
      }
      return { ...screened.refusal, values };
    }
    const { tokenNonce, databaseAnswers } = screened;
    if (spooledWith(tokenNonce)) {
      screen.reject(post, "token-replayed");
      return { kind: "rejected", values };
    }

    const result = validateContactForm(screened.formData);
    if (!result.success) return { kind: "invalid", errors: result.errors, values: result.values };

    const leadId = randomUUID();
    const receivedAt = now();
    const { source, dropped } = readLeadSource(screened.formData);
    if (dropped) log.warn(`Contact form: lead ${leadId} kept without ${dropped}`);
    const enquiry = { ...result.enquiry, source };
    let saving: Promise<string> | undefined;
    if (databaseAnswers) {
      saving = retryWhileLocked(
        () => saveLead(db, enquiry, receivedAt, { leadId, tokenNonce }),
        deadline,
      );
      try {
        await withinDeadline(saving, deadline, "storing the lead");
        log.info(`Contact form: stored lead ${leadId}`);
        onLeadSaved?.(leadId);
        forgetOldTokens(receivedAt);
        return { kind: "accepted", leadId };
      } catch (error) {
        if (error instanceof TokenReplayedError) {
          screen.reject(post, "token-replayed");
          return { kind: "rejected", values };
        }
        log.error(
          `Contact form: the lead database did not store lead ${leadId}: ${errorMessage(error)}`,
        );
      }
    }

    if (spool) {
      try {
        spool.put({
          leadId,
          receivedAt: receivedAt.toISOString(),
          tokenNonce,
          enquiry,
        });
        log.warn(
          `Contact form: kept lead ${leadId} in the spool at ${spool.file}; it moves into the database when that answers`,
        );
        return { kind: "accepted", leadId };
      } catch (error) {
        log.error(
          `Contact form: the spool at ${spool.file} did not take lead ${leadId}: ${errorMessage(error)}`,
        );
      }
    }
    // Neither took it in time. A save still under way may yet commit (each statement has its own
    // bound): then the visitor is told so, not asked to send a second copy.
    if (saving) {
      const late = withinDeadline(saving, Date.now() + timeoutMs + 2_000, "storing the lead");
      if (await late.then(() => true).catch(() => false)) {
        log.info(`Contact form: stored lead ${leadId}, late`);
        onLeadSaved?.(leadId);
        return { kind: "accepted", leadId };
      }
    }
    log.error(
      `Contact form: could not keep an enquiry from ${post.clientAddress}; the visitor was asked to send it again`,
    );
    return { kind: "unavailable", retryAfterSeconds: unavailableRetryAfterSeconds, values };
  }

  /** A lead waiting in the spool came with this token. A spool that cannot be read knows none. */
  function spooledWith(tokenNonce: string): boolean {
    try {
      return spool?.hasNonce(tokenNonce) ?? false;
    } catch {
      return false;
    }
  }

  /** Now and then, forgets nonces of tokens too old to be accepted anyway. */
  function forgetOldTokens(at: Date) {
    if (at.getTime() - tokensForgottenAt < 10 * 60_000) return;
    tokensForgottenAt = at.getTime();
    const before = new Date(at.getTime() - formTokenTiming.maxAgeMs - 60 * 60_000);
    void retryWhileLocked(() => forgetUsedTokensBefore(db, before), Date.now() + timeoutMs).catch(
      (error: unknown) =>
        log.warn(`Contact form: could not forget old form tokens: ${errorMessage(error)}`),
    );
  }

  return { issueToken: screen.issueToken, receive };
}
