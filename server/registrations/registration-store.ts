import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { RegistrationEntry } from "~/features/events/registration-schema";
import type { EventFacts, SeatCounts } from "~/features/events/registration-view";
import { DatabaseTimeoutError } from "../db/bounded";
import type { AppDatabase } from "../db/database";
import type { Database, OutboxKind, Registration } from "../db/schema";
import { recordTokenUse } from "../forms/token-uses";

/**
 * Registrations in the database. Every change to an event's registrations
 * runs in one transaction that first takes the event's row in
 * `registration_events` (an upsert, which also stores the event's facts for
 * the e-mails): on PostgreSQL that row lock queues the transactions of one
 * event behind each other, on SQLite the first write takes the database's
 * write lock. So the seat count a transaction reads cannot change under it,
 * and the seat is taken in the transaction that stores the registration and
 * queues its e-mails (the transactional outbox, docs/decisions/050).
 * See docs/decisions/034-event-registration.md.
 */

type Trx = Transaction<Database>;

/**
 * `already-registered`: the address holds a place or waits for one already;
 * `status` is what a new registration would have got, which is all the
 * visitor is told, and the person is e-mailed instead.
 */
export type StoreResult =
  | { kind: "registered"; registrationId: string; status: "confirmed" | "waiting" }
  | { kind: "already-registered"; registrationId: string; status: "confirmed" | "waiting" };

/** The address as it is compared: one registration per address and event, whatever its case. */
export function emailKey(email: string): string {
  return email.toLowerCase();
}

/**
 * A change whose answer the visitor may no longer be waiting for: past
 * `deadline` (a Date.now() value) the server has answered "could not be
 * saved", so the transaction must not commit. Throwing rolls it back.
 * Checked after the waits (the event's lock) and last before the commit.
 */
function beforeDeadline(deadline: number | undefined, what: string): void {
  if (deadline !== undefined && Date.now() >= deadline) {
    throw new DatabaseTimeoutError(`${what}: past the deadline, rolled back`);
  }
}

/** Takes the event's row for this transaction, storing the facts the site handed over. */
async function lockEvent(trx: Trx, event: EventFacts, now: Date): Promise<void> {
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

async function queueMail(trx: Trx, registrationId: string, kind: OutboxKind, now: Date) {
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
}

/** Confirmed and waiting registrations of an event. */
export async function seatCounts(db: AppDatabase | Trx, slug: string): Promise<SeatCounts> {
  return countsOf(await seatCountsQuery(db, slug).execute());
}

type SeatCountRow = { status: string; count: string | number };

function seatCountsQuery(db: AppDatabase | Trx, slug: string) {
  return db
    .selectFrom("registrations")
    .select(["status", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("event_slug", "=", slug)
    .where("status", "in", ["confirmed", "waiting"])
    .groupBy("status");
}

function countsOf(rows: SeatCountRow[]): SeatCounts {
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { confirmed: count("confirmed"), waiting: count("waiting") };
}

/**
 * Gives the places that are free to the waiting list, first come first
 * served, and queues each promoted person's e-mail. Places free up when
 * someone cancels, or when the content raises the capacity.
 */
async function fillFreedSeats(trx: Trx, event: EventFacts, now: Date): Promise<number> {
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
 * Tells the person at a registration's address that someone registered them
 * again: one e-mail waiting to go at a time, however often the form is sent.
 */
async function queueAlreadyRegisteredMail(trx: Trx, registrationId: string, now: Date) {
  const waiting = await trx
    .selectFrom("outbox")
    .select("id")
    .where("registration_id", "=", registrationId)
    .where("kind", "=", "registration-already")
    .where("sent_at", "is", null)
    .executeTakeFirst();
  if (!waiting) await queueMail(trx, registrationId, "registration-already", now);
}

/**
 * Stores a registration: a confirmed place while the event has one free,
 * otherwise a place on the waiting list, with the attendee's e-mail and the
 * team's notification queued in the same transaction. An address that
 * already holds a place or waits for one is not stored again: its person is
 * e-mailed that they are registered already (`already-registered`). With a token
 * nonce, its use is recorded in the same transaction: a nonce already used
 * refuses the registration (TokenReplayedError) and stores nothing. With a
 * deadline, a transaction that reaches its commit after it rolls back instead
 * (DatabaseTimeoutError): nothing is stored that the visitor was told was not.
 */
export async function storeRegistration(
  db: AppDatabase,
  event: EventFacts,
  entry: RegistrationEntry,
  now: Date,
  { tokenNonce, deadline }: { tokenNonce?: string; deadline?: number } = {},
): Promise<StoreResult> {
  const what = "storing the registration";
  return db.transaction().execute(async (trx) => {
    if (tokenNonce !== undefined) await recordTokenUse(trx, tokenNonce, now.toISOString());
    await lockEvent(trx, event, now);
    beforeDeadline(deadline, what);
    await fillFreedSeats(trx, event, now);

    const { confirmed } = await seatCounts(trx, event.slug);
    const status = event.capacity === null || confirmed < event.capacity ? "confirmed" : "waiting";
    const key = emailKey(entry.email);
    const existing = await trx
      .selectFrom("registrations")
      .select("id")
      .where("event_slug", "=", event.slug)
      .where("email_key", "=", key)
      .where("status", "<>", "cancelled")
      .executeTakeFirst();
    if (existing) {
      await queueAlreadyRegisteredMail(trx, existing.id, now);
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
      })
      .execute();
    await queueMail(
      trx,
      registrationId,
      status === "confirmed" ? "registration-confirmed" : "registration-waiting",
      now,
    );
    await queueMail(trx, registrationId, "registration-team-new", now);
    beforeDeadline(deadline, what);
    return { kind: "registered" as const, registrationId, status };
  });
}

export type CancelResult =
  { kind: "cancelled"; promoted: number } | { kind: "already-cancelled" } | { kind: "unknown" };

/**
 * Cancels a registration of this event: its place (or its place in the
 * queue) is freed, the first people waiting get the free places, and the
 * team is told, all in one transaction, which rolls back if it reaches its
 * commit after `deadline`.
 */
export async function cancelRegistration(
  db: AppDatabase,
  event: EventFacts,
  registrationId: string,
  now: Date,
  { deadline }: { deadline?: number } = {},
): Promise<CancelResult> {
  const what = "cancelling the registration";
  return db.transaction().execute(async (trx) => {
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
    await queueMail(trx, registrationId, "registration-team-cancelled", now);
    const promoted = await fillFreedSeats(trx, event, now);
    beforeDeadline(deadline, what);
    return { kind: "cancelled" as const, promoted };
  });
}

export async function findRegistration(
  db: AppDatabase,
  registrationId: string,
): Promise<Registration | undefined> {
  return db
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", registrationId)
    .executeTakeFirst();
}
