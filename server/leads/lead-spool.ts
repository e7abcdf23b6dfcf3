import Sqlite from "better-sqlite3";
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { ContactEnquiry } from "~/features/contact/contact-schema";
import { boundedCall } from "../db/bounded";
import type { AppDatabase } from "../db/database";
import { storeSpooledLead, type SpooledLead } from "./lead-store";
import type { Logger } from "../core/logger";

/**
 * The local spool: where an enquiry goes when the lead database cannot take
 * it within the bound (stopped, paused, locked). It is a SQLite file of its
 * own on the server's disk, written with synchronous=FULL, so an enquiry in it
 * survives a crash or a power cut as a stored lead does; the visitor is told
 * the enquiry was received only once it is there. A drainer moves each one
 * into the database when it answers again, exactly once (same lead id,
 * storeSpooledLead), and then deletes it here. See docs/decisions/055.
 *
 * The file is created only when a first enquiry needs it. Each row names the
 * database it is meant for, so a spool shared by mistake never moves one
 * database's leads into another.
 */
export type LeadSpool = {
  readonly file: string;
  /** Keeps the lead on disk, synced, before it returns; throws if it cannot. */
  put: (lead: SpooledLead) => void;
  /** Whether a lead in the spool came with this form token nonce. */
  hasNonce: (nonce: string) => boolean;
  /** Up to `limit` waiting leads, oldest first. */
  waiting: (limit?: number) => SpooledLead[];
  count: () => number;
  remove: (leadId: string) => void;
  close: () => void;
};

export function createLeadSpool(file: string, target: string): LeadSpool {
  let sqlite: Sqlite.Database | undefined;

  /** The open file; created only when `create` (a lead is to be kept), else undefined while absent. */
  function open(create: boolean): Sqlite.Database | undefined {
    if (sqlite) return sqlite;
    if (!create && !existsSync(file)) return undefined;
    mkdirSync(path.dirname(file), { recursive: true });
    const handle = new Sqlite(file);
    try {
      // Personal data: readable by the server's user only, and overwritten when deleted.
      chmodSync(file, 0o600);
      handle.pragma("journal_mode = WAL");
      handle.pragma("synchronous = FULL");
      handle.pragma("secure_delete = ON");
      // Other server processes may write to it too, each for a moment.
      handle.pragma("busy_timeout = 50");
      handle.exec(`
        create table if not exists spooled_leads (
          lead_id text primary key,
          target text not null,
          received_at text not null,
          token_nonce text,
          enquiry text not null
        );
        create unique index if not exists spooled_leads_nonce on spooled_leads (target, token_nonce);
        create index if not exists spooled_leads_waiting on spooled_leads (target, received_at);
      `);
    } catch (error) {
      handle.close();
      throw error;
    }
    sqlite = handle;
    return sqlite;
  }

  type Row = { lead_id: string; received_at: string; token_nonce: string | null; enquiry: string };

  return {
    file,
    put(lead) {
      // open(true) creates the file, so it always returns a handle.
      (open(true) as Sqlite.Database)
        .prepare(
          "insert into spooled_leads (lead_id, target, received_at, token_nonce, enquiry) values (?, ?, ?, ?, ?)",
        )
        .run(lead.leadId, target, lead.receivedAt, lead.tokenNonce, JSON.stringify(lead.enquiry));
    },
    hasNonce(nonce) {
      const row = open(false)
        ?.prepare("select 1 from spooled_leads where target = ? and token_nonce = ?")
        .get(target, nonce);
      return row !== undefined;
    },
    waiting(limit = 50) {
      const rows =
        (open(false)
          ?.prepare(
            "select lead_id, received_at, token_nonce, enquiry from spooled_leads where target = ? order by received_at, lead_id limit ?",
          )
          .all(target, limit) as Row[] | undefined) ?? [];
      return rows.map((row) => ({
        leadId: row.lead_id,
        receivedAt: row.received_at,
        tokenNonce: row.token_nonce,
        enquiry: JSON.parse(row.enquiry) as ContactEnquiry,
      }));
    },
    count() {
      const row = open(false)
        ?.prepare("select count(*) as waiting from spooled_leads where target = ?")
        .get(target) as { waiting: number } | undefined;
      return row?.waiting ?? 0;
    },
    remove(leadId) {
      open(false)?.prepare("delete from spooled_leads where lead_id = ?").run(leadId);
    },
    close() {
      sqlite?.close();
      sqlite = undefined;
    },
  };
}

export type SpoolDrainer = {
  /** Moves every waiting lead it can into the database now. */
  drain: () => Promise<{ moved: number; waiting: number }>;
  /** Drains every `intervalMs` while leads wait. */
  start: () => void;
  stop: () => Promise<void>;
};

/**
 * Moves spooled leads into the database, oldest first, each within the
 * database bound. It stops at the first failure (the database is still away)
 * and tries again on the next round. Says in the log when leads start
 * waiting and when they have been moved, with their ids, never their content.
 */
export function createSpoolDrainer({
  db,
  spool,
  log,
  timeoutMs,
  intervalMs = 2_000,
  onMoved,
}: {
  db: AppDatabase;
  spool: LeadSpool;
  log: Logger;
  timeoutMs: number;
  intervalMs?: number;
  onMoved?: () => void;
}): SpoolDrainer {
  let running: Promise<{ moved: number; waiting: number }> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failing = false;

  async function drainOnce() {
    let moved = 0;
    try {
      for (let batch = spool.waiting(); batch.length > 0; batch = spool.waiting()) {
        for (const lead of batch) {
          const stored = await boundedCall(
            () => storeSpooledLead(db, lead),
            Date.now() + timeoutMs,
            "moving a spooled lead into the database",
          );
          spool.remove(lead.leadId);
          moved += 1;
          log.info(
            stored
              ? `Contact form: moved spooled lead ${lead.leadId} into the database`
              : `Contact form: spooled lead ${lead.leadId} was already in the database; removed it from the spool`,
          );
        }
      }
      if (failing) log.info("Contact form: the lead database answers again; the spool is empty");
      failing = false;
    } catch (error) {
      if (!failing) {
        log.warn(
          `Contact form: ${countOrUnknown(spool)} enquiries wait in the spool at ${spool.file}: the lead database does not take them yet (${error instanceof Error ? error.message : String(error)})`,
        );
      }
      failing = true;
    }
    if (moved > 0) onMoved?.();
    return { moved, waiting: countOrUnknown(spool) };
  }

  function drain() {
    running ??= drainOnce().finally(() => (running = undefined));
    return running;
  }

  return {
    drain,
    start() {
      timer ??= setInterval(() => {
        if (running) return;
        try {
          if (spool.count() === 0) return;
        } catch (error) {
          log.error(`Contact form: the spool at ${spool.file} cannot be read: ${String(error)}`);
          return;
        }
        void drain();
      }, intervalMs);
      timer.unref();
      void drain();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

function countOrUnknown(spool: LeadSpool): number {
  try {
    return spool.count();
  } catch {
    return NaN;
  }
}
