import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { findEvent, toEventFacts } from "~/features/events/events.server";
import { sourceColumnsOf, sourceOfColumns } from "~/lib/forms/lead-source";
import type { EventFacts } from "~/features/events/registration-view";
import type { AppDatabase } from "../server/db/database";
import { queueWebhooks } from "../server/outbox/webhooks";
import { findEventFacts, registrationAnswers } from "../server/registrations/registration-reads";
import {
  fillFreedSeats,
  lockEvent,
  queueMail,
  seatCounts,
  type Trx,
} from "../server/registrations/registration-store";

/**
 * Event staff's changes (issue 28, section 4), each in one transaction, e-mailed through the outbox
 * as the site's own changes are (the running server's worker sends them):
 * `npm run leads -- move --id ID --to SLUG` moves a registration to another event: its place (or
 * place in the queue) on the old one goes to the first waiting there, as a cancellation's does,
 * and it takes a place on the new one, or the end of its waiting list, keeping the person, their
 * consent and where they came from.
 * `npm run leads -- notify-change --event SLUG` tells everyone registered (confirmed or waiting)
 * what the event now is, from the content, with a calendar file of the same UID and a SEQUENCE one
 * higher than the last, so calendars update the entry they have.
 */
export type MoveCommand = { command: "move"; id: string; to: string };
export type NotifyChangeCommand = { command: "notify-change"; event: string };

/** A change staff asked for that cannot be made; nothing was stored. */
export class RefusedError extends Error {
  override name = "RefusedError";
}

/** An event of the content that takes registrations on this site at `now`, or why not. */
function openEvent(slug: string, now: Date): EventFacts {
  const entry = findEvent(slug);
  if (!entry) throw new RefusedError(`No event "${slug}" in content/events.`);
  if (entry.registrationUrl) {
    throw new RefusedError(`${slug} takes registrations on its partner's site, not this one.`);
  }
  if (now >= entry.startsAt) throw new RefusedError(`${slug} has started or is over.`);
  if (now >= entry.closesAt) {
    throw new RefusedError(`Registration for ${slug} closed at ${entry.closesAt.toISOString()}.`);
  }
  return toEventFacts(entry);
}

export async function runMoveCommand(
  { id, to }: MoveCommand,
  db: AppDatabase,
  write: (text: string) => void,
  now = new Date(),
): Promise<void> {
  const target = openEvent(to, now);
  const found = await db
    .selectFrom("registrations")
    .select(["event_slug", "status"])
    .where("id", "=", id)
    .where("forgotten_at", "is", null)
    .executeTakeFirst();
  // The old event as its registrations were taken, as a cancellation reads it.
  const origin = found && (await findEventFacts(db, found.event_slug));
  if (!found || !origin) throw new RefusedError(`No registration with the id ${id}.`);
  if (found.event_slug === to) throw new RefusedError(`Registration ${id} is for ${to} already.`);
  if (found.status === "cancelled") {
    throw new RefusedError(`Registration ${id} is cancelled: there is no place to move.`);
  }
  if (now.getTime() >= Date.parse(origin.startsAt)) {
    throw new RefusedError(`${origin.slug} has started: its registrations stay as they are.`);
  }
  const moved = await db.transaction().execute((trx) => move(trx, id, origin, target, now));
  write(
    `Moved registration ${id} from ${origin.slug} to ${to}: now ${moved.status === "confirmed" ? "confirmed" : "on the waiting list"}, registration ${moved.id}.\n` +
      (moved.promoted
        ? `Promoted on ${origin.slug} from its waiting list: ${moved.promoted}.\n`
        : "") +
      "The attendee and the team are e-mailed (and each person promoted).\n",
  );
}

async function move(trx: Trx, id: string, origin: EventFacts, target: EventFacts, now: Date) {
  // Both events' rows, in one order, so two moves between the same events cannot deadlock.
  for (const event of [origin, target].sort((a, b) => a.slug.localeCompare(b.slug))) {
    await lockEvent(trx, event, now);
  }
  const old = await trx
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  // Read again under the locks: a cancellation may have come in meanwhile.
  if (old.status === "cancelled") {
    throw new RefusedError(`Registration ${id} is cancelled: there is no place to move.`);
  }
  const there = await trx
    .selectFrom("registrations")
    .select("id")
    .where("event_slug", "=", target.slug)
    .where("email_key", "=", old.email_key)
    .where("status", "<>", "cancelled")
    .executeTakeFirst();
  if (there) {
    throw new RefusedError(
      `${old.email} is registered for ${target.slug} already (registration ${there.id}): cancel one instead.`,
    );
  }
  const at = now.toISOString();
  await trx
    .updateTable("registrations")
    .set({ status: "cancelled", cancelled_at: at })
    .where("id", "=", id)
    .execute();
  // Receivers see the cancellation; the person gets the move's e-mail, not a cancellation's.
  await queueWebhooks(trx, "registration-team-cancelled", ["registrations", id], at);
  const promoted = await fillFreedSeats(trx, origin, now);

  await fillFreedSeats(trx, target, now);
  const { confirmed } = await seatCounts(trx, target.slug);
  const status: "confirmed" | "waiting" =
    target.capacity === null || confirmed < target.capacity ? "confirmed" : "waiting";
  const { last } = await trx
    .selectFrom("registrations")
    .select((eb) => eb.fn.max("seq").as("last"))
    .where("event_slug", "=", target.slug)
    .executeTakeFirstOrThrow();
  // Answers to questions the new event also asks (by id) come along; the others stay behind.
  const answers = registrationAnswers(old);
  const asked = new Set(target.questions.map((question) => question.id));
  const registration = {
    id: randomUUID(),
    event_slug: target.slug,
    seq: Number(last ?? 0) + 1,
    status,
    created_at: at,
    ...{ name: old.name, email: old.email, email_key: old.email_key, company: old.company },
    job_title: old.job_title,
    answers: JSON.stringify(
      Object.fromEntries(Object.entries(answers).filter(([question]) => asked.has(question))),
    ),
    consented_at: old.consented_at,
    confirmed_at: status === "confirmed" ? at : null,
    cancelled_at: null,
    moved_from: id,
    ...sourceColumnsOf(sourceOfColumns(old)),
  };
  await trx.insertInto("registrations").values(registration).execute();
  const webhook = status === "confirmed" ? "registration-confirmed" : "registration-waiting";
  await queueWebhooks(trx, webhook, ["registrations", registration.id], at);
  await queueMail(trx, registration.id, "registration-moved", now);
  await queueMail(trx, registration.id, "registration-team-moved", now);
  return { id: registration.id, status, promoted };
}

export async function runNotifyChangeCommand(
  { event: slug }: NotifyChangeCommand,
  db: AppDatabase,
  write: (text: string) => void,
  now = new Date(),
): Promise<void> {
  const entry = findEvent(slug);
  if (!entry) throw new RefusedError(`No event "${slug}" in content/events.`);
  if (now >= entry.endsAt) throw new RefusedError(`${slug} is over: there is nothing to change.`);
  const event = toEventFacts(entry);
  const notified = await db.transaction().execute(async (trx) => {
    const registered = await trx
      .selectFrom("registrations")
      .select(["id", "status"])
      .where("event_slug", "=", slug)
      .where("status", "<>", "cancelled")
      .where("forgotten_at", "is", null)
      .orderBy("seq")
      .execute();
    if (registered.length === 0) return undefined;
    // The e-mails are written from the facts stored with the registrations: the content's now.
    await lockEvent(trx, event, now);
    const { calendar_sequence: sequence } = await trx
      .updateTable("registration_events")
      .set({ calendar_sequence: sql`calendar_sequence + 1` })
      .where("slug", "=", slug)
      .returning("calendar_sequence")
      .executeTakeFirstOrThrow();
    for (const { id } of registered) await queueMail(trx, id, "registration-changed", now);
    const confirmed = registered.filter((row) => row.status === "confirmed").length;
    return { confirmed, waiting: registered.length - confirmed, sequence: Number(sequence) };
  });
  if (!notified) throw new RefusedError(`Nobody is registered for ${slug}: no notice was sent.`);
  write(
    `Queued the "event changed" notice for ${slug} to ${notified.confirmed} confirmed and ${notified.waiting} waiting ` +
      `(calendar file SEQUENCE ${notified.sequence}); the server's outbox sends them.\n`,
  );
}
