import Sqlite from "better-sqlite3";
import { existsSync } from "node:fs";
import type { ContactEnquiry } from "~/features/contact/contact-schema";
import { boundedCall } from "../db/bounded";
import type { AppDatabase } from "../db/database";
import { preparePrivateFile } from "../db/private-file";
import { storeSpooledLead, type SpooledLead } from "./lead-store";
import { errorMessage, type Logger } from "../core/logger";

/**
 * The local spool, for enquiries the lead database cannot take in time: its own SQLite file,
 * synchronous=FULL, so one survives a crash or power cut as a stored lead does; created when first
 * needed. A drainer moves each into the database when it answers, exactly once (same lead id), then
 * deletes it here. Each row names its database, so a spool shared by mistake never mixes two.
 * docs/decisions/055.
 */
export type LeadSpool = ReturnType<typeof createLeadSpool>;

export function createLeadSpool(file: string, target: string) {
  let sqlite: Sqlite.Database | undefined;

  /** The open file; created only when `create` (a lead is to be kept). */
  function open(create: boolean): Sqlite.Database | undefined {
    if (sqlite) return sqlite;
    if (!create && !existsSync(file)) return undefined;
    // Personal data: readable by the server's user only, and overwritten when deleted.
    preparePrivateFile(file);
    const handle = new Sqlite(file);
    try {
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
    /** Keeps the lead on disk, synced, before it returns; throws if it cannot. */
    put(lead: SpooledLead): void {
      (open(true) as Sqlite.Database)
        .prepare(
          "insert into spooled_leads (lead_id, target, received_at, token_nonce, enquiry) values (?, ?, ?, ?, ?)",
        )
        .run(lead.leadId, target, lead.receivedAt, lead.tokenNonce, JSON.stringify(lead.enquiry));
    },
    /** Whether a lead in the spool came with this form token nonce. */
    hasNonce(nonce: string): boolean {
      const row = open(false)
        ?.prepare("select 1 from spooled_leads where target = ? and token_nonce = ?")
        .get(target, nonce);
      return row !== undefined;
    },
    /** Up to `limit` waiting leads, oldest first. */
    waiting(limit = 50): SpooledLead[] {
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
    count(): number {
      const row = open(false)
        ?.prepare("select count(*) as waiting from spooled_leads where target = ?")
        .get(target) as { waiting: number } | undefined;
      return row?.waiting ?? 0;
    },
    remove(leadId: string): void {
      open(false)?.prepare("delete from spooled_leads where lead_id = ?").run(leadId);
    },
    close(): void {
      sqlite?.close();
      sqlite = undefined;
    },
  };
}

/**
 * Moves spooled leads into the database, oldest first, each within the bound: every 2 s while leads
 * wait (`start`) or at once (`drain`), stopping at the first failure (the database still away)
 * until the next round. Logs when leads start waiting and each move: ids, never content.
 */
export function createSpoolDrainer({
  db,
  spool,
  log,
  timeoutMs,
  onMoved,
}: {
  db: AppDatabase;
  spool: LeadSpool;
  log: Logger;
  timeoutMs: number;
  onMoved?: () => void;
}) {
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
          `Contact form: ${countOrUnknown(spool)} enquiries wait in the spool at ${spool.file}: the lead database does not take them yet (${errorMessage(error)})`,
        );
      }
      failing = true;
    }
    if (moved > 0) onMoved?.();
    return { moved, waiting: countOrUnknown(spool) };
  }

  function drain(): Promise<{ moved: number; waiting: number }> {
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
      }, 2_000);
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
