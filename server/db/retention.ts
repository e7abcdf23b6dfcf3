import type { Expression, ExpressionBuilder, SqlBool, Transaction } from "kysely";
import type { EventFacts } from "~/features/events/registration-view";
import type { AppDatabase } from "./database";
import type { Database } from "./schema";

// Forgetting people (decision 077): a lead or registration keeps its row, to be counted by day,
// service, event and source, and loses all that names a person, and its e-mails not yet sent.
// Past the retention limits (daily) and on request (`npm run leads -- erase`).
type Db = AppDatabase | Transaction<Database>;
type Which<T extends "leads" | "registrations"> = (
  eb: ExpressionBuilder<Database, T>,
) => Expression<SqlBool>;

export async function forgetLeads(db: Db, which: Which<"leads">, at: Date): Promise<number> {
  const ids = db.selectFrom("leads").select("id").where(which).where("forgotten_at", "is", null);
  await db.deleteFrom("outbox").where("lead_id", "in", ids).execute();
  const { numUpdatedRows } = await db
    .updateTable("leads")
    .set({ name: "", email: "", company: null, phone: null, message: "" })
    .set({ forgotten_at: at.toISOString() })
    .where(which)
    .where("forgotten_at", "is", null)
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

export async function forgetRegistrations(db: Db, which: Which<"registrations">, at: Date) {
  const ids = db
    .selectFrom("registrations")
    .select("id")
    .where(which)
    .where("forgotten_at", "is", null);
  await db.deleteFrom("outbox").where("registration_id", "in", ids).execute();
  const { numUpdatedRows } = await db
    .updateTable("registrations")
    // The key stays unique in its event: the row's own id.
    .set((eb) => ({ name: "", email: "", email_key: eb.ref("id"), company: "", job_title: null }))
    .set({ answers: "{}", forgotten_at: at.toISOString() })
    .where(which)
    .where("forgotten_at", "is", null)
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

/** Leads received, and registrations whose event ended or that were cancelled, past the limits. */
export async function purgeExpired(
  db: AppDatabase,
  now: Date,
  limits: { LEADS_RETENTION_DAYS: number; REGISTRATIONS_RETENTION_DAYS: number },
) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const before = daysAgo(limits.REGISTRATIONS_RETENTION_DAYS);
  const events = await db.selectFrom("registration_events").select(["slug", "facts"]).execute();
  // "" is no event's slug: the list is never empty. Events end at UTC ISO strings, as `before`.
  const ended = events.filter((row) => (JSON.parse(row.facts) as EventFacts).endsAt < before);
  const endedSlugs = ["", ...ended.map((row) => row.slug)];
  return db.transaction().execute(async (trx) => ({
    leads: await forgetLeads(
      trx,
      (eb) => eb("created_at", "<", daysAgo(limits.LEADS_RETENTION_DAYS)),
      now,
    ),
    registrations: await forgetRegistrations(
      trx,
      (eb) => eb.or([eb("cancelled_at", "<", before), eb("event_slug", "in", endedSlugs)]),
      now,
    ),
  }));
}
