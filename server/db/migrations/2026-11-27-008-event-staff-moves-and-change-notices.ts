import { PostgresAdapter, sql, type Migration } from "kysely";

// Shipped: never edit it; add the next migration (server/db/migrations/index.ts).
export const migration: Migration = {
  // A moved registration names the one it replaced; an event counts its "event changed"
  // notices: its calendar file's SEQUENCE (issue 28). Only what is missing is added.
  async up(db) {
    const ifMissing = db.getExecutor().adapter instanceof PostgresAdapter ? "if not exists " : "";
    const columns = {
      registrations: "moved_from text",
      registration_events: "calendar_sequence integer not null default 0",
    };
    for (const [table, column] of Object.entries(columns)) {
      const add = sql`alter table ${sql.table(table)} add column ${sql.raw(ifMissing + column)}`;
      // SQLite has no "if not exists" here: a column added by a half-applied run fails so.
      await add.execute(db).catch((error: Error) => {
        if (!/duplicate column/.test(error.message)) throw error;
      });
    }
  },
};
