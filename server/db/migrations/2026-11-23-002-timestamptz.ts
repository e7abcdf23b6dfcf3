import { sql, type Migration } from "kysely";
import { onPostgres } from "./on-postgres";

// Shipped: never edit it; add the next migration (server/db/migrations/index.ts).
export const migration: Migration = {
  // PostgreSQL's times become timestamptz(3) in place, rows and indexes in the migrator's
  // transaction; milliseconds, like the app's ISO strings, so a value reads back equal. SQLite
  // keeps ISO 8601 text, which its own date functions read. docs/decisions/053.
  async up(db) {
    if (!onPostgres(db)) return;
    const timestampColumns = {
      leads: ["created_at", "consented_at"],
      outbox: ["created_at", "next_attempt_at", "sent_at"],
      rate_limits: ["window_started_at"],
    };
    for (const [table, columns] of Object.entries(timestampColumns)) {
      // Repeatable: a column that is timestamptz already converts to itself.
      const changes = columns.map(
        (column) =>
          sql`alter column ${sql.ref(column)} type timestamptz(3) using ${sql.ref(column)}::timestamptz(3)`,
      );
      await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db);
    }
  },
};
