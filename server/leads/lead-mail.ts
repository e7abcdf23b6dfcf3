import {
  composeLeadNotification,
  type LeadMailSettings,
} from "~/features/contact/lead-mail.server";
import type { AppDatabase } from "../db/database";
import type { OutboxComposer } from "../outbox/outbox-worker";

export type { LeadMailSettings };

/** The lead notifications, the rows with a lead_id (app/features/contact/lead-mail.server.ts writes them). */
export function leadNotificationComposer(db: AppDatabase, mail: LeadMailSettings): OutboxComposer {
  return async (row) => {
    if (row.lead_id === null) throw new Error(`outbox row ${row.id} names no lead`);
    const lead = await db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", row.lead_id)
      .executeTakeFirstOrThrow();
    return composeLeadNotification(lead, mail);
  };
}
