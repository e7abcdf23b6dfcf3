import type { Generated, Selectable } from "kysely";

/**
 * The tables as Kysely sees them, on SQLite and PostgreSQL alike: ids are UUID strings, times ISO
 * 8601 strings in UTC (`2026-11-22T09:30:00.000Z`), stored as text on SQLite and as timestamptz(3)
 * on PostgreSQL, which IsoTimestampsPlugin reads back as the same string. docs/decisions/050, 053.
 */
export interface Database {
  leads: {
    id: string;
    created_at: string;
    name: string;
    email: string;
    company: string | null;
    phone: string | null;
    service: string;
    budget: string | null;
    message: string;
    consented_at: string;
  } & SourceColumns;
  /** An e-mail to send, written in the transaction of the lead or registration it tells about. */
  outbox: {
    id: string;
    lead_id: string | null;
    registration_id: string | null;
    kind: Generated<OutboxKind>;
    created_at: string;
    attempts: Generated<number>;
    /** The worker picks the row up at or after this time; a claim pushes it ahead as a lease. */
    next_attempt_at: string;
    sent_at: string | null;
    last_error: string | null;
    /** A webhook's receiver, body, and when it was given up (a dead letter until re-sent). */
    target: string | null;
    payload: string | null;
    dead_at: string | null;
  };
  /** Posts per client in the current fixed window, shared by every server process. */
  rate_limits: { bucket: string; window_started_at: string; hits: number };
  /** Secrets the processes must share, generated on first start (the form token key). */
  app_secrets: { name: string; value: string };
  /**
   * An event taking registrations: the row its registrations and cancellations lock first, so seats
   * are counted one transaction at a time, its latest facts (EventFacts JSON) for the e-mails, and
   * how many "event changed" notices it sent: the SEQUENCE of the calendar file they attach.
   */
  registration_events: {
    slug: string;
    facts: string;
    updated_at: string;
    calendar_sequence: Generated<number>;
  };
  registrations: {
    id: string;
    event_slug: string;
    /** Arrival order within the event, from 1: the waiting list's order. */
    seq: number;
    status: "confirmed" | "waiting" | "cancelled";
    created_at: string;
    name: string;
    email: string;
    email_key: string; // its lower-case form, unique per event while active
    company: string;
    job_title: string | null;
    /** JSON object: the event's question ids to the answers given (empty answers left out). */
    answers: string;
    consented_at: string;
    /** When the place became theirs: at once, or when promoted from the waiting list. */
    confirmed_at: string | null;
    cancelled_at: string | null;
    /** Moved by staff: the registration, now cancelled, that this one replaced. */
    moved_from: string | null;
  } & SourceColumns;
  /** A form token's nonce, once what was sent with it is stored: it cannot be used again. */
  form_token_uses: { nonce: string; used_at: string };
}

/** Where a lead or registration came from (lead-source.ts), and when its person was forgotten. */
export type SourceColumns = Record<SourceColumn | "forgotten_at", string | null>;
type SourceColumn =
  `${"landing" | "form"}_page` | "referrer_host" | `utm_${"source" | "medium" | "campaign"}`;

/** What an outbox row sends (registration-mail.ts writes the registration ones). */
export type OutboxKind =
  | "lead-notification"
  | "registration-confirmed" // to the attendee, with the calendar file and the cancellation link
  | "registration-waiting"
  | "registration-promoted" // a place came free and is now theirs
  | "registration-already" // their address was registered again: they hold their place already
  | "registration-cancelled" // their cancellation, confirmed
  | "registration-moved" // staff moved them here from `moved_from`'s event
  | "registration-changed" // the event changed: what it now is, with a fresh calendar file
  | "registration-team-new" // to the team, Reply-To the attendee
  | "registration-team-cancelled" // to the team, Reply-To the attendee
  | "registration-team-moved"
  | "webhook"; // a signed webhook to `target` (server/outbox/webhooks.ts), not an e-mail

export type Lead = Selectable<Database["leads"]>;
export type OutboxEntry = Selectable<Database["outbox"]>;
export type Registration = Selectable<Database["registrations"]>;
