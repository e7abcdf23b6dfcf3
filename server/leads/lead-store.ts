import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { ContactEnquiry } from "~/features/contact/contact-schema";
import type { AppDatabase } from "../db/database";
import type { Database, Lead } from "../db/schema";
import { recordTokenUse } from "../forms/token-uses";

export type SaveLeadOptions = {
  /** The lead's id; the intake draws it first, so a spooled copy carries the same one. */
  leadId?: string;
  /** The nonce of the form token the lead came with (form-token.ts), recorded so it works once. */
  tokenNonce?: string;
};

/**
 * Stores an enquiry and its notification in one transaction: either both are
 * committed or neither is, so no lead is ever stored without its e-mail queued
 * (the transactional outbox). With a token nonce it is recorded in the same
 * transaction, and a nonce already recorded refuses the lead
 * (TokenReplayedError, server/forms/token-uses.ts) and stores nothing. Resolves once the commit is
 * durable; only then may the visitor be told the enquiry was received.
 */
export async function saveLead(
  db: AppDatabase,
  enquiry: ContactEnquiry,
  now: Date,
  { leadId = randomUUID(), tokenNonce }: SaveLeadOptions = {},
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
  enquiry: ContactEnquiry;
};

/**
 * Moves a spooled enquiry into the database, exactly once however often it is
 * called: a lead whose id is already stored (moved before, or committed by the
 * original request after all) is left as it is. Its token nonce is recorded
 * if no lead has used it yet; the enquiry was acknowledged, so it is stored
 * either way. Resolves true if this call stored it.
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

/** Inserts the lead and its outbox row; with `unlessStored`, nothing if the id is already stored (resolves false). */
async function insertLeadWithOutbox(
  trx: Transaction<Database>,
  leadId: string,
  enquiry: ContactEnquiry,
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
  });
  if (unlessStored) insert = insert.onConflict((conflict) => conflict.column("id").doNothing());
  const { numInsertedOrUpdatedRows } = await insert.executeTakeFirst();
  if (Number(numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await trx
    .insertInto("outbox")
    .values({ id: randomUUID(), lead_id: leadId, created_at: at, next_attempt_at: at })
    .execute();
  return true;
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
