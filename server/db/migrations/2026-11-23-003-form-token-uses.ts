import { sql, type Migration } from "kysely";
import { onPostgres } from "./on-postgres";

// Shipped: never edit it; add the next migration (server/db/migrations/index.ts).
export const migration: Migration = {
  // The nonce of each form token a stored lead used: a token works once
  // (issue 15). Times as every other since 002.
  async up(db) {
    await db.schema
      .createTable("form_token_uses")
      .ifNotExists()
      .addColumn("nonce", "text", (column) => column.primaryKey())
      .addColumn("used_at", onPostgres(db) ? sql`timestamptz(3)` : "text", (column) =>
        column.notNull(),
      )
      .execute();
    await db.schema
      .createIndex("form_token_uses_used_at")
      .ifNotExists()
      .on("form_token_uses")
      .column("used_at")
      .execute();
  },
};
