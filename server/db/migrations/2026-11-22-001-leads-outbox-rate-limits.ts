import { sql, type Migration } from "kysely";

// Shipped: never edit it; add the next migration (server/db/migrations/index.ts).
export const migration: Migration = {
  async up(db) {
    await db.schema
      .createTable("leads")
      .ifNotExists()
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("email", "text", (column) => column.notNull())
      .addColumn("company", "text", (column) => column.notNull())
      .addColumn("phone", "text")
      .addColumn("service", "text", (column) => column.notNull())
      .addColumn("budget", "text", (column) => column.notNull())
      .addColumn("message", "text", (column) => column.notNull())
      .addColumn("consented_at", "text", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("leads_created_at")
      .ifNotExists()
      .on("leads")
      .column("created_at")
      .execute();

    await db.schema
      .createTable("outbox")
      .ifNotExists()
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("lead_id", "text", (column) =>
        column.notNull().references("leads.id").onDelete("cascade"),
      )
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "text", (column) => column.notNull())
      .addColumn("sent_at", "text")
      .addColumn("last_error", "text")
      .execute();
    await db.schema
      .createIndex("outbox_pending")
      .ifNotExists()
      .on("outbox")
      .column("next_attempt_at")
      .where(sql.ref("sent_at"), "is", null)
      .execute();

    await db.schema
      .createTable("rate_limits")
      .ifNotExists()
      .addColumn("bucket", "text", (column) => column.primaryKey())
      .addColumn("window_started_at", "text", (column) => column.notNull())
      .addColumn("hits", "integer", (column) => column.notNull())
      .execute();

    await db.schema
      .createTable("app_secrets")
      .ifNotExists()
      .addColumn("name", "text", (column) => column.primaryKey())
      .addColumn("value", "text", (column) => column.notNull())
      .execute();
  },
};
