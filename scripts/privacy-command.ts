import { sql } from "kysely";
import type { EventFacts } from "~/features/events/registration-view";
import { flushWriteAheadLog, type AppDatabase } from "../server/db/database";
import { forgetLeads, forgetRegistrations } from "../server/db/retention";
import type { LeadSpool } from "../server/leads/lead-spool";
import { cancelRegistration } from "../server/registrations/registration-store";
import { findEventFacts } from "../server/registrations/registration-reads";

/**
 * `npm run leads -- person --email X` and `npm run leads -- erase --email X`:
 * everything held about one address, as JSON, and its erasure (issue 28,
 * docs/decisions/077). An address matches whatever its case.
 */
export type PrivacyCommand =
  { command: "person"; email: string } | { command: "erase"; email: string };

/** Where the spool is, when there is one, and the clock (tests move it). */
export type PrivacyContext = { spool?: LeadSpool; now?: () => Date };

export async function runPrivacyCommand(
  { command, email }: PrivacyCommand,
  db: AppDatabase,
  write: (text: string) => void,
  { spool, now = () => new Date() }: PrivacyContext = {},
): Promise<void> {
  const key = email.toLowerCase();
  if (command === "person") {
    write(`${JSON.stringify(await personRecord(db, key, spool), null, 2)}\n`);
    return;
  }
  const at = now();
  // The spool first: a lead the server moves from it meanwhile is in the database for the rest.
  const spooled = spooledFor(spool, key);
  for (const lead of spooled) spool?.remove(lead.leadId);

  // A place held for an event still to come is freed as a cancellation frees it: the next
  // person waiting is promoted and e-mailed (registration-store.ts). After its start there is
  // no place left to give, as for a cancellation.
  const active = await db
    .selectFrom("registrations")
    .select(["id", "event_slug"])
    .where("email_key", "=", key)
    .where("status", "<>", "cancelled")
    .execute();
  let freed = 0;
  let promoted = 0;
  for (const registration of active) {
    const event = await findEventFacts(db, registration.event_slug);
    if (!event || at.getTime() >= Date.parse(event.startsAt)) continue;
    const result = await cancelRegistration(db, event, registration.id, at);
    if (result.kind !== "cancelled") continue;
    freed += 1;
    promoted += result.promoted;
  }
  const forgotten = await db.transaction().execute(async (trx) => ({
    leads: await forgetLeads(trx, (eb) => eb(sql`lower(email)`, "=", key), at),
    registrations: await forgetRegistrations(trx, (eb) => eb("email_key", "=", key), at),
  }));
  // SQLite's WAL still holds the rows' earlier pages: emptied now, not at the next checkpoint.
  const flushed = await flushWriteAheadLog(db);
  // The log of an erasure: when and how much, never whose.
  write(
    `Erased at ${at.toISOString()}: ${forgotten.leads} leads, ${forgotten.registrations} registrations ` +
      `(${freed} places freed, ${promoted} people promoted from a waiting list), ` +
      `${spooled.length} spooled enquiries. The address is not recorded.\n`,
  );
  if (!flushed) {
    write(
      "The database's write-ahead log was in use: the erased rows' old pages leave it at the server's next checkpoint.\n",
    );
  }
}

function spooledFor(spool: LeadSpool | undefined, key: string) {
  return (spool?.waiting(1_000_000) ?? []).filter(
    (lead) => lead.enquiry.email.toLowerCase() === key,
  );
}

/** Everything held about the address: leads, registrations, their e-mails, spooled enquiries. */
async function personRecord(db: AppDatabase, key: string, spool: LeadSpool | undefined) {
  const leads = await db
    .selectFrom("leads")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", key)
    .orderBy("created_at")
    .execute();
  const registrations = await db
    .selectFrom("registrations")
    .selectAll()
    .where("email_key", "=", key)
    .orderBy("created_at")
    .execute();
  const ids = [...leads, ...registrations].map((row) => row.id);
  const outbox =
    ids.length === 0
      ? []
      : await db
          .selectFrom("outbox")
          .select(["id", "lead_id", "registration_id", "kind", "created_at", "sent_at"])
          .where((eb) => eb.or([eb("lead_id", "in", ids), eb("registration_id", "in", ids)]))
          .orderBy("created_at")
          .execute();
  const events = new Map<string, EventFacts | undefined>();
  for (const { event_slug } of registrations) {
    if (!events.has(event_slug)) events.set(event_slug, await findEventFacts(db, event_slug));
  }
  return {
    email: key,
    leads,
    registrations: registrations.map((row) => ({
      ...row,
      event: events.get(row.event_slug)?.title ?? null,
      answers: JSON.parse(row.answers) as unknown,
    })),
    emails: outbox,
    spooled: spooledFor(spool, key),
  };
}
