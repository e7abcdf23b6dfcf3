import {
  cancelTokenField,
  registrationValues,
  type CancellationCheck,
  type CancellationOutcome,
  type RegistrationOutcome,
  type RegistrationValues,
} from "~/features/events/registration-fields";
import { validateRegistration } from "~/features/events/registration-schema";
import type { EventFacts } from "~/features/events/registration-view";
import { readLeadSource } from "~/lib/forms/lead-source";
import { boundedCall, retryWhileLocked, withinDeadline } from "../db/bounded";
import { defaultDatabaseTimeoutMs } from "../db/database";
import {
  createPostScreen,
  unavailableRetryAfterSeconds,
  type FormPost,
  type PostScreenOptions,
} from "../forms/form-post";
import { TokenReplayedError } from "../forms/token-uses";
import { errorMessage, systemClock } from "../core/logger";
import { verifyCancelToken } from "./cancel-token";
import { seatCountMemo } from "./seat-counts";
import {
  cancelRegistration,
  findRegistration,
  seatCounts as readSeatCounts,
  storeRegistration,
  type CancelResult,
  type StoreResult,
} from "./registration-store";

/**
 * Takes an event's registrations and cancellations: the contact form's abuse rules (form-post.ts),
 * the shared schema, then the store; nothing about a post's content is logged. The database gets
 * `timeoutMs` for a post (docs/decisions/056); past it the visitor gets "could not be saved" with
 * the form as typed (503). Unlike an enquiry it is not spooled: only the database decides a seat.
 */
export type RegistrationDesk = ReturnType<typeof createRegistrationDesk>;

export function createRegistrationDesk(
  options: Omit<PostScreenOptions, "formName" | "tokenForm" | "rateLimitPrefix"> & {
    cancelSecret: string;
    onMailQueued?: () => void;
    /** The longest the database may take over one post (DATABASE_TIMEOUT_MS). */
    timeoutMs?: number;
    /** Ages the remembered seat counts, in ms: performance.now unless a test moves it by hand. */
    seatCountClock?: () => number;
  },
) {
  const { db, cancelSecret, log, now = systemClock, onMailQueued } = options;
  const timeoutMs = options.timeoutMs ?? defaultDatabaseTimeoutMs;
  const seatCounts = seatCountMemo(
    (slug) => readSeatCounts(db, slug),
    timeoutMs,
    options.seatCountClock ?? (() => performance.now()),
  );
  const screen = createPostScreen({
    ...options,
    formName: "Event registration",
    tokenForm: "registration",
    // Registering for an event does not use up the contact form's allowance.
    rateLimitPrefix: "event-registration ",
  });

  /**
   * Runs a transaction that rolls back by itself past `deadline` and waits for its real outcome, so
   * a visitor told "could not be saved" was not registered (or cancelled) after all. Past the
   * deadline that is its COMMIT, one bounded statement (postgres-pool.ts, timeoutMs + 1 s), and,
   * if that answer is lost, `timeoutMs` to ask the database what became of it (commit-outcome.ts);
   * 1 s more for the answers to arrive. A database that never says is given up as unavailable.
   */
  function realOutcome<T>(transaction: () => Promise<T>, deadline: number, what: string) {
    return withinDeadline(
      retryWhileLocked(transaction, deadline),
      deadline + 2 * timeoutMs + 2_000,
      what,
    );
  }

  async function register(event: EventFacts, post: FormPost): Promise<RegistrationOutcome> {
    const values = post.form ? registrationValues(post.form, event.questions) : {};
    try {
      return await take(event, post, values);
    } catch (error) {
      log.error(
        `Event registration: ${event.slug}: a post from ${post.clientAddress} failed: ${errorMessage(error)}`,
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

    const { source, dropped } = readLeadSource(screened.formData);
    if (dropped) log.warn(`Event registration: ${event.slug}: kept without ${dropped}`);
    let stored: StoreResult;
    try {
      stored = await realOutcome(
        () =>
          storeRegistration(db, event, { ...result.registration, source }, now(), {
            tokenNonce: screened.tokenNonce,
            deadline,
            resolveWithinMs: timeoutMs,
          }),
        deadline,
        "storing the registration",
      );
    } catch (error) {
      if (!(error instanceof TokenReplayedError)) throw error;
      screen.reject(post, "token-replayed");
      return { kind: "rejected", values };
    }
    if (stored.kind === "already-registered") {
      // Answered as a new registration is, so the form tells no one who is
      // registered; the e-mail tells the person at the address.
      log.info(
        `Event registration: ${event.slug}: registration ${stored.registrationId} was sent again; its person is e-mailed`,
      );
    } else {
      seatCounts.forget(event.slug);
      log.info(
        `Event registration: stored registration ${stored.registrationId} for ${event.slug} (${stored.status})`,
      );
    }
    onMailQueued?.();
    return { kind: "registered", status: stored.status };
  }

  /** What the cancellation link's token names, changing nothing (a GET). */
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
    let result: CancelResult;
    try {
      const deadline = Date.now() + timeoutMs;
      result = await realOutcome(
        () =>
          cancelRegistration(db, event, registrationId, now(), {
            deadline,
            resolveWithinMs: timeoutMs,
          }),
        deadline,
        "cancelling the registration",
      );
    } catch (error) {
      log.error(
        `Event registration: could not cancel registration ${registrationId} for ${event.slug}: ${errorMessage(error)}`,
      );
      return { kind: "unavailable" };
    }
    if (result.kind === "unknown") return { kind: "invalid" };
    if (result.kind === "already-cancelled") return { kind: "already-cancelled" };
    seatCounts.forget(event.slug);
    log.info(
      `Event registration: cancelled registration ${registrationId} for ${event.slug}; ${result.promoted} promoted from the waiting list`,
    );
    onMailQueued?.();
    return { kind: "cancelled" };
  }

  return {
    issueToken: screen.issueToken,
    /** At once, not as a promise, if read lately (the page cache asks on every response). */
    seats: seatCounts.read,
    /** The calendar file's SEQUENCE: raised by each "event changed" notice (scripts/event-staff-command.ts). */
    calendarSequence: (slug: string) =>
      boundedCall(
        async () =>
          Number(
            (
              await db
                .selectFrom("registration_events")
                .select("calendar_sequence")
                .where("slug", "=", slug)
                .executeTakeFirst()
            )?.calendar_sequence ?? 0,
          ),
        Date.now() + timeoutMs,
        "reading the calendar sequence",
      ),
    register,
    checkCancellation,
    cancel,
  };
}
