import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { ContactEnquiry } from "~/features/contact/contact-schema";
import type { AppDatabase } from "../db/database";
import { sourceColumnsOf, type WithSource } from "~/lib/forms/lead-source";
import type { Database, Lead } from "../db/schema";
import { recordTokenUse } from "../forms/token-uses";
import { queueWebhooks } from "../outbox/webhooks";

/**
 * Stores an enquiry, its notification (the transactional outbox: no lead without its e-mail queued)
 * and the token nonce, if any, in one transaction; a nonce already recorded refuses the lead
 * (TokenReplayedError), storing nothing. The intake draws `leadId` first, so a spooled copy has the
 * same one. Resolves once the commit is durable: only then may the visitor hear it was received.
 */
export async function saveLead(
  db: AppDatabase,
  enquiry: WithSource<ContactEnquiry>,
  now: Date,
  { leadId = randomUUID(), tokenNonce }: { leadId?: string; tokenNonce?: string } = {},
): Promise<string> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (tokenNonce !== undefined) await recordTokenUse(trx, tokenNonce, at);
    await insertLeadWithOutbox(trx, leadId, enquiry, at);
  });
  return leadId;
}

/** An enquiry acknowledged while the database could not take it, kept in the local spool. */
export type SpooledLead = {
  leadId: string;
  receivedAt: string;
  tokenNonce: string | null;
  enquiry: WithSource<ContactEnquiry>;
};

/**
 * Moves a spooled enquiry into the database exactly once: a lead whose id is stored already (moved
 * before, or committed late by its request) is left as it is. Acknowledged, it is stored even if
 * its token nonce was used. Resolves true if this call stored it.
 */
export async function storeSpooledLead(db: AppDatabase, lead: SpooledLead): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await insertLeadWithOutbox(trx, lead.leadId, lead.enquiry, lead.receivedAt, {
      unlessStored: true,
    });
    if (!inserted) return false;
    if (lead.tokenNonce !== null) {
      await trx
        .insertInto("form_token_uses")
        .values({ nonce: lead.tokenNonce, used_at: lead.receivedAt })
        .onConflict((conflict) => conflict.column("nonce").doNothing())
        .execute();
    }
    return true;
  });
}

/** Inserts the lead and its outbox row; with `unlessStored`, resolves false if the id is stored. */
async function insertLeadWithOutbox(
  trx: Transaction<Database>,
  leadId: string,
  enquiry: WithSource<ContactEnquiry>,
  at: string,
  { unlessStored = false } = {},
): Promise<boolean> {
  let insert = trx.insertInto("leads").values({
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
    ...sourceColumnsOf(enquiry.source),
  });
  if (unlessStored) insert = insert.onConflict((conflict) => conflict.column("id").doNothing());
  const { numInsertedOrUpdatedRows } = await insert.executeTakeFirst();
  if (Number(numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await trx
    .insertInto("outbox")
    .values({ id: randomUUID(), lead_id: leadId, created_at: at, next_attempt_at: at })
    .execute();
  await queueWebhooks(trx, "lead-notification", ["leads", leadId], at);
  return true;
}

/** A lead with the time its notification e-mail went out (null while it waits). */
export type LeadRecord = Lead & { notified_at: string | null };

/** Leads received at or after `since`, oldest first; those whose person was forgotten are left out. */
export function findLeads(db: AppDatabase, { since }: { since?: Date } = {}) {
  let query = db
    .selectFrom("leads")
    .leftJoin("outbox", (join) =>
      join.onRef("outbox.lead_id", "=", "leads.id").on("outbox.kind", "=", "lead-notification"),
    )
    .selectAll("leads")
    .select("outbox.sent_at as notified_at")
    .where("leads.forgotten_at", "is", null)
    .orderBy("leads.created_at")
    .orderBy("leads.id");
  if (since) query = query.where("leads.created_at", ">=", since.toISOString());
  return query.execute();
}
