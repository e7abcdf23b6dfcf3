import {
  cancelTokenField,
  registrationValues,
  type CancellationCheck,
  type CancellationOutcome,
  type RegistrationOutcome,
  type RegistrationValues,
} from "~/features/events/registration-fields";
import { validateRegistration } from "~/features/events/registration-schema";
import type { EventFacts, SeatCounts } from "~/features/events/registration-view";
import { boundedCall, retryWhileLocked, withinDeadline } from "../db/bounded";
import { defaultDatabaseTimeoutMs, type AppDatabase } from "../db/database";
import { createPostScreen, unavailableRetryAfterSeconds, type FormPost } from "../forms/form-post";
import { formTokenTiming } from "../forms/form-token";
import { TokenReplayedError } from "../forms/token-uses";
import { systemClock, type Clock, type Logger } from "../core/logger";
import type { RateLimitRule } from "../forms/rate-limit";
import { verifyCancelToken } from "./cancel-token";
import { seatCountMemo } from "./seat-counts";
import {
  cancelRegistration,
  findRegistration,
  seatCounts as readSeatCounts,
  storeRegistration,
  type StoreResult,
} from "./registration-store";

/**
 * Takes an event's registrations and cancellations, behind the route of the
 * event's page (app/routes/event-detail.tsx and event-cancel.tsx, through the
 * load context). Registrations pass the same abuse rules as the contact form
 * (server/forms/form-post.ts: rate limit, trap, time token, which works once), then the shared
 * schema, then the store. Nothing about a post's content is logged.
 *
 * The database gets `timeoutMs` for a post's work, as the contact form's does
 * (docs/decisions/056). A registration it cannot take in time is answered
 * "could not be saved, send it again" with the form as typed (503): unlike an
 * enquiry it is not spooled, since its seat can only be decided by the
 * database. The transaction itself rolls back when it reaches its commit past
 * the deadline, and its outcome is waited for: a registration answered
 * "could not be saved" is not stored.
 */
export type RegistrationDesk = {
  /** A fresh signed time token for a registration form rendered now. */
  issueToken: () => string;
  /**
   * Confirmed and waiting registrations. Counts read within the last
   * `seatCountMaxAgeMs` come back at once, not as a promise: the render cache
   * asks for them on every request of an open event's page (server/render-cache.ts).
   * A read that failed within the last `seatCountFailureMaxAgeMs` rejects at
   * once, and requests at the same moment share one read.
   */
  seats: (slug: string) => SeatCounts | Promise<SeatCounts>;
  register: (event: EventFacts, post: FormPost) => Promise<RegistrationOutcome>;
  /** What the cancellation link's token names, changing nothing (a GET). */
  checkCancellation: (event: EventFacts, token: string | null) => Promise<CancellationCheck>;
  /** Cancels the registration the posted token names. */
  cancel: (event: EventFacts, post: FormPost) => Promise<CancellationOutcome>;
};

export type RegistrationDeskOptions = {
  db: AppDatabase;
  /** Signs and checks the form's time token: the contact form's secret. */
  tokenSecret: string;
  /** Signs and checks the cancellation links (server/registrations/cancel-token.ts). */
  cancelSecret: string;
  rateLimit: RateLimitRule;
  log: Logger;
  now?: Clock;
  tokenTiming?: { minAgeMs: number; maxAgeMs: number };
  /** Called after e-mails were queued: the server wakes the outbox worker. */
  onMailQueued?: () => void;
  /** The longest the database may take over one post (DATABASE_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Ages the remembered seat counts, in ms: performance.now unless a test moves it by hand. */
  seatCountClock?: () => number;
};

export function createRegistrationDesk({
  db,
  tokenSecret,
  cancelSecret,
  rateLimit,
  log,
  now = systemClock,
  tokenTiming = formTokenTiming,
  onMailQueued,
  timeoutMs = defaultDatabaseTimeoutMs,
  seatCountClock = () => performance.now(),
}: RegistrationDeskOptions): RegistrationDesk {
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const seatCounts = seatCountMemo((slug) => readSeatCounts(db, slug), timeoutMs, seatCountClock);
  const screen = createPostScreen({
    db,
    formName: "Event registration",
    tokenForm: "registration",
    tokenSecret,
    rateLimit,
    // Registering for an event does not use up the contact form's allowance.
    rateLimitPrefix: "event-registration ",
    log,
    now,
    tokenTiming,
  });

  /**
   * The outcome of a transaction that rolls back by itself when it reaches
   * its commit past `deadline` (registration-store.ts): it is waited for
   * rather than abandoned at the deadline, so a visitor told "could not be
   * saved" was not registered after all (or cancelled). The wait past the
   * deadline is one statement's at most (each is bounded: postgres-pool.ts).
   * A commit that does not answer even then (the database stopped mid-commit)
   * is given up as unavailable: whether it took is for the database to say.
   */
  function realOutcome<T>(transaction: Promise<T>, deadline: number, what: string): Promise<T> {
    return withinDeadline(transaction, deadline + timeoutMs + lateAnswerMs, what);
  }

  async function register(event: EventFacts, post: FormPost): Promise<RegistrationOutcome> {
    const values = post.form ? registrationValues(post.form, event.questions) : {};
    try {
      return await take(event, post, values);
    } catch (error) {
      log.error(
        `Event registration: ${event.slug}: a post from ${post.clientAddress} failed: ${reason(error)}`,
      );
      return { kind: "unavailable", retryAfterSeconds: unavailableRetryAfterSeconds, values };
    }
  }

  async function take(
    event: EventFacts,
    post: FormPost,
    values: RegistrationValues,
  ): Promise<RegistrationOutcome> {
    const deadline = Date.now() + timeoutMs;
    const screened = await screen.screen(post, deadline);
    if (screened.refusal) {
      // A post with no token is asked to come again: with its errors, if it has any.
      const result =
        screened.refusal.kind === "confirm" &&
        post.form &&
        validateRegistration(post.form, event.questions);
      if (result && !result.success) {
        return { kind: "invalid", errors: result.errors, values: result.values };
      }
      return { ...screened.refusal, values };
    }
    if (now().getTime() >= Date.parse(event.closesAt)) return { kind: "closed", values };

    const result = validateRegistration(screened.formData, event.questions);
    if (!result.success) return { kind: "invalid", errors: result.errors, values: result.values };
    // The seat is decided by the database alone: without it, no registration.
    if (!screened.databaseAnswers) {
      throw new Error("the database did not answer in time to count the post");
    }

    const storing = retryWhileLocked(
      () =>
        storeRegistration(db, event, result.registration, now(), {
          tokenNonce: screened.tokenNonce,
          deadline,
        }),
      deadline,
    );
    let stored: StoreResult;
    try {
      stored = await realOutcome(storing, deadline, "storing the registration");
    } catch (error) {
      if (!(error instanceof TokenReplayedError)) throw error;
      screen.reject(post, "token-replayed");
      return { kind: "rejected", values };
    }
    if (stored.kind === "already-registered") {
      // Answered as a new registration is, so the form does not tell anyone
      // who is registered; the e-mail tells the person at the address.
      log.info(
        `Event registration: ${event.slug}: registration ${stored.registrationId} was sent again; its person is e-mailed`,
      );
      onMailQueued?.();
      return { kind: "registered", status: stored.status };
    }
    seatCounts.forget(event.slug);
    log.info(
      `Event registration: stored registration ${stored.registrationId} for ${event.slug} (${stored.status})`,
    );
    onMailQueued?.();
    return { kind: "registered", status: stored.status };
  }

  async function checkCancellation(
    event: EventFacts,
    token: string | null,
  ): Promise<CancellationCheck> {
    const registrationId = verifyCancelToken(cancelSecret, token);
    const registration =
      registrationId &&
      (await boundedCall(
        () => findRegistration(db, registrationId),
        Date.now() + timeoutMs,
        "reading the registration",
      ));
    if (!registration || registration.event_slug !== event.slug) return { kind: "invalid" };
    return registration.status === "cancelled"
      ? { kind: "already-cancelled" }
      : { kind: "valid", status: registration.status };
  }

  async function cancel(event: EventFacts, post: FormPost): Promise<CancellationOutcome> {
    const registrationId = verifyCancelToken(cancelSecret, post.form?.get(cancelTokenField));
    if (!registrationId) {
      log.warn(
        `Event registration: refused a cancellation from ${post.clientAddress} (token-invalid)`,
      );
      return { kind: "invalid" };
    }
    // Once the event has started there is no place left to give anyone.
    if (now().getTime() >= Date.parse(event.startsAt)) return { kind: "closed" };
    let result: Awaited<ReturnType<typeof cancelRegistration>>;
    try {
      const deadline = Date.now() + timeoutMs;
      result = await realOutcome(
        retryWhileLocked(
          () => cancelRegistration(db, event, registrationId, now(), { deadline }),
          deadline,
        ),
        deadline,
        "cancelling the registration",
      );
    } catch (error) {
      log.error(
        `Event registration: could not cancel registration ${registrationId} for ${event.slug}: ${reason(error)}`,
      );
      return { kind: "unavailable" };
    }
    if (result.kind === "unknown") return { kind: "invalid" };
    if (result.kind === "cancelled") {
      seatCounts.forget(event.slug);
      log.info(
        `Event registration: cancelled registration ${registrationId} for ${event.slug}; ${result.promoted} promoted from the waiting list`,
      );
      onMailQueued?.();
    }
    return result.kind === "cancelled" ? { kind: "cancelled" } : { kind: "already-cancelled" };
  }

  return {
    issueToken: screen.issueToken,
    seats: seatCounts.read,
    register,
    checkCancellation,
    cancel,
  };
}

/** Past a statement's own bound, how long a transaction's last answer may take to arrive. */
const lateAnswerMs = 2_000;
