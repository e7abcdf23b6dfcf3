import {
  cancelTokenField,
  registrationValues,
  type CancellationCheck,
  type CancellationOutcome,
  type RegistrationOutcome,
} from "~/features/events/registration-fields";
import { validateRegistration } from "~/features/events/registration-schema";
import type { EventFacts, SeatCounts } from "~/features/events/registration-view";
import type { AppDatabase } from "../db/database";
import { createPostScreen, readFormData, type FormPost } from "../leads/form-post";
import { formTokenTiming } from "../leads/form-token";
import { systemClock, type Clock, type Logger } from "../leads/logger";
import type { RateLimitRule } from "../leads/rate-limit";
import { verifyCancelToken } from "./cancel-token";
import {
  cancelRegistration,
  findRegistration,
  seatCounts,
  storeRegistration,
} from "./registration-store";

/**
 * Takes an event's registrations and cancellations, behind the route of the
 * event's page (app/routes/event-detail.tsx and event-cancel.tsx, through the
 * load context). Registrations pass the same abuse rules as the contact form
 * (server/leads/form-post.ts: rate limit, trap, time token), then the shared
 * schema, then the store. Nothing about a post's content is logged.
 */
export type RegistrationDesk = {
  /** A fresh signed time token for a registration form rendered now. */
  issueToken: () => string;
  seats: (slug: string) => Promise<SeatCounts>;
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
}: RegistrationDeskOptions): RegistrationDesk {
  const screen = createPostScreen({
    db,
    formName: "Event registration",
    tokenSecret,
    rateLimit,
    // Registering for an event does not use up the contact form's allowance.
    rateLimitPrefix: "event-registration ",
    log,
    now,
    tokenTiming,
  });

  async function register(event: EventFacts, post: FormPost): Promise<RegistrationOutcome> {
    const { formData, refusal } = await screen.screen(post);
    const values = formData ? registrationValues(formData, event.questions) : {};
    if (refusal) return { ...refusal, values };
    if (now().getTime() >= Date.parse(event.closesAt)) return { kind: "closed", values };

    const result = validateRegistration(formData, event.questions);
    if (!result.success) return { kind: "invalid", errors: result.errors, values: result.values };

    const stored = await storeRegistration(db, event, result.registration, now());
    if (stored.kind === "duplicate") {
      log.info(`Event registration: ${event.slug}: an address already registered was sent again`);
      return { kind: "duplicate", values };
    }
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
    const registration = registrationId && (await findRegistration(db, registrationId));
    if (!registration || registration.event_slug !== event.slug) return { kind: "invalid" };
    return registration.status === "cancelled"
      ? { kind: "already-cancelled" }
      : { kind: "valid", status: registration.status };
  }

  async function cancel(event: EventFacts, post: FormPost): Promise<CancellationOutcome> {
    const formData = await readFormData(post);
    const registrationId = verifyCancelToken(cancelSecret, formData?.get(cancelTokenField));
    if (!registrationId) {
      log.warn(
        `Event registration: refused a cancellation from ${post.clientAddress} (token-invalid)`,
      );
      return { kind: "invalid" };
    }
    // Once the event has started there is no place left to give anyone.
    if (now().getTime() >= Date.parse(event.startsAt)) return { kind: "closed" };
    const result = await cancelRegistration(db, event, registrationId, now());
    if (result.kind === "unknown") return { kind: "invalid" };
    if (result.kind === "cancelled") {
      log.info(
        `Event registration: cancelled registration ${registrationId} for ${event.slug}; ${result.promoted} promoted from the waiting list`,
      );
      onMailQueued?.();
    }
    return result.kind === "cancelled" ? { kind: "cancelled" } : { kind: "already-cancelled" };
  }

  return {
    issueToken: screen.issueToken,
    seats: (slug) => seatCounts(db, slug),
    register,
    checkCancellation,
    cancel,
  };
}
