import type { Generated, Selectable } from "kysely";

/**
 * The database's tables, as Kysely sees them. The same types hold for SQLite
 * and PostgreSQL: ids are UUID strings and times are ISO 8601 strings in UTC
 * (`2026-11-22T09:30:00.000Z`), written and read as such on both. SQLite
 * stores that text; PostgreSQL stores timestamptz(3), which the
 * IsoTimestampsPlugin reads back as the same string. See
 * docs/decisions/050-lead-pipeline.md and 053-timestamptz-on-postgresql.md.
 */
export interface Database {
  leads: LeadTable;
  outbox: OutboxTable;
  rate_limits: RateLimitTable;
  app_secrets: AppSecretTable;
  form_token_uses: FormTokenUseTable;
}

/** One enquiry from the contact form, stored as the visitor sent it (normalised by the schema). */
export interface LeadTable {
  id: string;
  created_at: string;
  name: string;
  email: string;
  company: string;
  phone: string | null;
  /** A service id from app/config/services.ts, or "something-else". */
  service: string;
  budget: string;
  message: string;
  /** When the visitor ticked "contact me": the moment the lead was received. */
  consented_at: string;
}

/** The notification e-mail of one lead, written in the lead's transaction and sent by the worker. */
export interface OutboxTable {
  id: string;
  lead_id: string;
  created_at: string;
  attempts: Generated<number>;
  /** The worker picks the row up at or after this time; a claim pushes it ahead as a lease. */
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
}

/** Posts per client in the current fixed window, shared by every server process. */
export interface RateLimitTable {
  bucket: string;
  window_started_at: string;
  hits: number;
}

/** Secrets the processes must share, generated on first start (the form token key). */
export interface AppSecretTable {
  name: string;
  value: string;
}

/** A form token's nonce, once a lead sent with it is stored: the token cannot be used again. */
export interface FormTokenUseTable {
  nonce: string;
  used_at: string;
}

export type Lead = Selectable<LeadTable>;
