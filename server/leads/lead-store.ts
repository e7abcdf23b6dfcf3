import { randomUUID } from "node:crypto";
import type { ContactEnquiry } from "~/features/contact/contact-schema";
import type { AppDatabase } from "../db/database";
import type { Lead } from "../db/schema";

/**
 * Stores an enquiry and its notification in one transaction: either both are
 * committed or neither is, so no lead is ever stored without its e-mail queued
 * (the transactional outbox). Resolves once the commit is durable; only then
 * may the visitor be told the enquiry was received.
 */
export async function saveLead(
  db: AppDatabase,
  enquiry: ContactEnquiry,
  now: Date,
): Promise<string> {
  const leadId = randomUUID();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("leads")
      .values({
        id: leadId,
        created_at: at,
        name: enquiry.name,
        email: enquiry.email,
        company: enquiry.company,
        phone: enquiry.phone,
        service: enquiry.service,
        budget: enquiry.budget,
        message: enquiry.message,
        consented_at: at,
      })
      .execute();
    await trx
      .insertInto("outbox")
      .values({ id: randomUUID(), lead_id: leadId, created_at: at, next_attempt_at: at })
      .execute();
  });
  return leadId;
}

/** A lead with the time its notification e-mail went out (null while it waits). */
export type LeadRecord = Lead & { notified_at: string | null };

/** Leads received at or after `since`, oldest first. */
export async function findLeads(
  db: AppDatabase,
  { since }: { since?: Date } = {},
): Promise<LeadRecord[]> {
  let query = db
    .selectFrom("leads")
    .leftJoin("outbox", "outbox.lead_id", "leads.id")
    .selectAll("leads")
    .select("outbox.sent_at as notified_at")
    .orderBy("leads.created_at")
    .orderBy("leads.id");
  if (since) query = query.where("leads.created_at", ">=", since.toISOString());
  return query.execute();
}
