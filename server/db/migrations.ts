import { sql, type Kysely, type Migration } from "kysely";

/**
 * Every schema change, in order. They are compiled into the server bundle (no
 * migration folder to ship) and run at start-up by server/db/database.ts.
 * Never edit one that has shipped: add the next. Each creates only what is
 * missing, so a half-applied run can be repeated.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22-001-leads-outbox-rate-limits": {
    // Kysely<any>: a migration sees the schema as it was then, not today's types.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
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
  },
  "2026-11-23-002-form-token-uses": {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // The nonce of each form token a stored lead used: a token works once (issue 15).
      await db.schema
        .createTable("form_token_uses")
        .ifNotExists()
        .addColumn("nonce", "text", (column) => column.primaryKey())
        .addColumn("used_at", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("form_token_uses_used_at")
        .ifNotExists()
        .on("form_token_uses")
        .column("used_at")
        .execute();
    },
  },
};
