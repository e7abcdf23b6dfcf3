import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { RegistrationEntry } from "~/features/events/registration-schema";
import type { EventFacts, SeatCounts } from "~/features/events/registration-view";
import { DatabaseTimeoutError } from "../db/bounded";
import { transactionWithKnownOutcome } from "../db/commit-outcome";
import { defaultDatabaseTimeoutMs, type AppDatabase } from "../db/database";
import { sourceColumnsOf, type WithSource } from "~/lib/forms/lead-source";
import type { Database, OutboxKind } from "../db/schema";
import { recordTokenUse } from "../forms/token-uses";
import { queueWebhooks } from "../outbox/webhooks";

/*
 * Every change to an event's registrations runs in one transaction that first upserts the event's
 * row (storing its facts for the e-mails): PostgreSQL's row lock queues one event's transactions,
 * SQLite's first write takes the write lock. So the seat count read cannot change under it, and the
 * seat is taken where its e-mails are queued. docs/decisions/034, 050.
 */

export type Trx = Transaction<Database>; // staff's moves and notices (scripts/) use these too

/**
 * `already-registered`: the address holds or awaits a place already; `status`
 * is what a new registration would have got, all the visitor is told.
 */
export type StoreResult =
  | { kind: "registered"; registrationId: string; status: "confirmed" | "waiting" }
  | { kind: "already-registered"; registrationId: string; status: "confirmed" | "waiting" };

/**
 * Past `deadline` (a Date.now() value) the visitor was answered "could not be
 * saved", so the transaction must not commit: throwing rolls it back. Checked
 * after the waits (the event's lock) and last before the commit.
 */
function beforeDeadline(deadline: number | undefined, what: string): void {
  if (deadline !== undefined && Date.now() >= deadline) {
    throw new DatabaseTimeoutError(`${what}: past the deadline, rolled back`);
  }
}

/** Takes the event's row for this transaction, storing the facts the site handed over. */
export async function lockEvent(trx: Trx, event: EventFacts, now: Date): Promise<void> {
  await trx
    .insertInto("registration_events")
    .values({ slug: event.slug, facts: JSON.stringify(event), updated_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.column("slug").doUpdateSet((eb) => ({
        facts: eb.ref("excluded.facts"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

export async function queueMail(trx: Trx, registrationId: string, kind: OutboxKind, now: Date) {
  const at = now.toISOString();
  await trx
    .insertInto("outbox")
    .values({
      id: randomUUID(),
      registration_id: registrationId,
      kind,
      created_at: at,
      next_attempt_at: at,
    })
    .execute();
  await queueWebhooks(trx, kind, ["registrations", registrationId], at);
}

export async function seatCounts(db: AppDatabase | Trx, slug: string): Promise<SeatCounts> {
  const rows = await db
    .selectFrom("registrations")
    .select(["status", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("event_slug", "=", slug)
    .where("status", "in", ["confirmed", "waiting"])
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { confirmed: count("confirmed"), waiting: count("waiting") };
}

/**
 * Gives free places to the waiting list, first come first served, queueing each promoted person's
 * e-mail. Places free up when someone cancels or the content raises the capacity.
 */
export async function fillFreedSeats(trx: Trx, event: EventFacts, now: Date): Promise<number> {
  const { confirmed } = await seatCounts(trx, event.slug);
  const free = event.capacity === null ? Number.MAX_SAFE_INTEGER : event.capacity - confirmed;
  if (free <= 0) return 0;
  const next = await trx
    .selectFrom("registrations")
    .select("id")
    .where("event_slug", "=", event.slug)
    .where("status", "=", "waiting")
    .orderBy("seq")
    .limit(Math.min(free, 1_000))
    .execute();
  for (const { id } of next) {
    await trx
      .updateTable("registrations")
      .set({ status: "confirmed", confirmed_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await queueMail(trx, id, "registration-promoted", now);
  }
  return next.length;
}

/**
 * Stores a registration, confirmed while the event has a free place, else waiting, with the
 * attendee's and the team's e-mails queued. An address that holds or awaits a place already is not
 * stored again: its person is e-mailed (`already-registered`). A token nonce used before refuses it
 * (TokenReplayedError); past `deadline` it rolls back (DatabaseTimeoutError). It resolves if and
 * only if it committed: a lost COMMIT answer is looked up for `resolveWithinMs` (commit-outcome.ts).
 */
export async function storeRegistration(
  db: AppDatabase,
  event: EventFacts,
  entry: WithSource<RegistrationEntry>,
  now: Date,
  {
    tokenNonce,
    deadline,
    resolveWithinMs = defaultDatabaseTimeoutMs,
  }: { tokenNonce?: string; deadline?: number; resolveWithinMs?: number } = {},
): Promise<StoreResult> {
  const what = "storing the registration";
  return transactionWithKnownOutcome(
    db,
    async (trx) => {
      if (tokenNonce !== undefined) await recordTokenUse(trx, tokenNonce, now.toISOString());
      await lockEvent(trx, event, now);
      beforeDeadline(deadline, what);
      await fillFreedSeats(trx, event, now);

      const { confirmed } = await seatCounts(trx, event.slug);
      const status =
        event.capacity === null || confirmed < event.capacity ? "confirmed" : "waiting";
      // One registration per address and event, whatever its case.
      const key = entry.email.toLowerCase();
      const existing = await trx
        .selectFrom("registrations")
        .select("id")
        .where("event_slug", "=", event.slug)
        .where("email_key", "=", key)
        .where("status", "<>", "cancelled")
        .executeTakeFirst();
      if (existing) {
        // One such e-mail waiting to go at a time, however often the form is sent.
        const waiting = await trx
          .selectFrom("outbox")
          .select("id")
          .where("registration_id", "=", existing.id)
          .where("kind", "=", "registration-already")
          .where("sent_at", "is", null)
          .executeTakeFirst();
        if (!waiting) await queueMail(trx, existing.id, "registration-already", now);
        beforeDeadline(deadline, what);
        return { kind: "already-registered" as const, registrationId: existing.id, status };
      }
      const { last } = await trx
        .selectFrom("registrations")
        .select((eb) => eb.fn.max("seq").as("last"))
        .where("event_slug", "=", event.slug)
        .executeTakeFirstOrThrow();

      const registrationId = randomUUID();
      const at = now.toISOString();
      await trx
        .insertInto("registrations")
        .values({
          id: registrationId,
          event_slug: event.slug,
          seq: Number(last ?? 0) + 1,
          status,
          created_at: at,
          name: entry.name,
          email: entry.email,
          email_key: key,
          company: entry.company,
          job_title: entry.jobTitle,
          answers: JSON.stringify(entry.answers),
          consented_at: at,
          confirmed_at: status === "confirmed" ? at : null,
          cancelled_at: null,
          ...sourceColumnsOf(entry.source),
        })
        .execute();
      const attendeeMail =
        status === "confirmed" ? "registration-confirmed" : "registration-waiting";
      await queueMail(trx, registrationId, attendeeMail, now);
      await queueMail(trx, registrationId, "registration-team-new", now);
      beforeDeadline(deadline, what);
      return { kind: "registered" as const, registrationId, status };
    },
    resolveWithinMs,
  );
}

export type CancelResult =
  { kind: "cancelled"; promoted: number } | { kind: "already-cancelled" } | { kind: "unknown" };

/**
 * Cancels a registration of this event: its place (or place in the queue) is freed, the first
 * waiting get the free places and the team is told, in one transaction rolled back past `deadline`;
 * like storeRegistration, it resolves if and only if it committed.
 */
export async function cancelRegistration(
  db: AppDatabase,
  event: EventFacts,
  registrationId: string,
  now: Date,
  {
    deadline,
    resolveWithinMs = defaultDatabaseTimeoutMs,
  }: { deadline?: number; resolveWithinMs?: number } = {},
): Promise<CancelResult> {
  const what = "cancelling the registration";
  return transactionWithKnownOutcome(
    db,
    async (trx) => {
      await lockEvent(trx, event, now);
      beforeDeadline(deadline, what);
      const registration = await trx
        .selectFrom("registrations")
        .select("status")
        .where("id", "=", registrationId)
        .where("event_slug", "=", event.slug)
        .executeTakeFirst();
      if (!registration) return { kind: "unknown" as const };
      if (registration.status === "cancelled") return { kind: "already-cancelled" as const };
      await trx
        .updateTable("registrations")
        .set({ status: "cancelled", cancelled_at: now.toISOString() })
        .where("id", "=", registrationId)
        .execute();
      await queueMail(trx, registrationId, "registration-cancelled", now);
      await queueMail(trx, registrationId, "registration-team-cancelled", now);
      const promoted = await fillFreedSeats(trx, event, now);
      beforeDeadline(deadline, what);
      return { kind: "cancelled" as const, promoted };
    },
    resolveWithinMs,
  );
}

export function findRegistration(db: AppDatabase, registrationId: string) {
  return db
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", registrationId)
    .executeTakeFirst();
}
