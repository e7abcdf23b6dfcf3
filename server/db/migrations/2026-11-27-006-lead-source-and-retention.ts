import { sql, type Migration } from "kysely";
import { onPostgres } from "./on-postgres";

// Shipped: never edit it; add the next migration (server/db/migrations/index.ts).
export const migration: Migration = {
  // Where each lead and registration came from (app/lib/forms/lead-source.ts), and when its
  // person was forgotten (erased, or past retention: server/db/retention.ts, decision 077).
  async up(db) {
    const columns = "landing_page referrer_host utm_source utm_medium utm_campaign form_page";
    for (const table of ["leads", "registrations"]) {
      for (const column of [...columns.split(" "), "forgotten_at"]) {
        const type = column === "forgotten_at" && onPostgres(db) ? "timestamptz(3)" : "text";
        const ifMissing = sql.raw(onPostgres(db) ? "if not exists" : "");
        const add = sql`alter table ${sql.table(table)} add column ${ifMissing} ${sql.ref(column)}`;
        // SQLite has no "if not exists" here: a column added by a half-applied run fails so.
        await sql`${add} ${sql.raw(type)}`.execute(db).catch((error: Error) => {
          if (!/duplicate column/.test(error.message)) throw error;
        });
      }
    }
  },
};
