import { sql, type Migration } from "kysely";
import { onPostgres } from "./on-postgres";

// Shipped: never edit it; add the next migration (server/db/migrations/index.ts).
export const migration: Migration = {
  // Webhooks ride in the outbox (issue 28, docs/decisions/076); only what is missing is added.
  async up(db) {
    if (onPostgres(db)) {
      await sql`alter table outbox add column if not exists target text, add column if not exists
        payload text, add column if not exists dead_at timestamptz(3)`.execute(db);
      return;
    }
    const { rows } = await sql<{ name: string }>`pragma table_info(outbox)`.execute(db);
    for (const name of ["target", "payload", "dead_at"]) {
      if (rows.some((row) => row.name === name)) continue;
      await sql`alter table outbox add column ${sql.ref(name)} text`.execute(db);
    }
  },
};
