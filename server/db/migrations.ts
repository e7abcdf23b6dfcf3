import { PostgresAdapter, sql, type Kysely, type Migration } from "kysely";
import { eventStaffMigrations } from "./migrations-event-staff";

const onPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Every schema change, in order, compiled into the server bundle and run at start-up by Kysely's
 * Migrator (server/db/database.ts). Never edit one that has shipped: add the next. Each creates
 * only what is missing, so a half-applied run can be repeated.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22-001-leads-outbox-rate-limits": {
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
  },
  "2026-11-23-002-timestamptz": {
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
  },
  "2026-11-23-003-form-token-uses": {
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
  },
  "2026-11-23-004-event-registrations": {
    // Registrations for events (issue 13), and an outbox that also carries
    // their e-mails: lead_id becomes optional beside a registration_id, and
    // `kind` says which e-mail a row sends (existing rows: lead notifications).
    async up(db) {
      // Times as every other since 002: timestamptz(3) on PostgreSQL, ISO text on SQLite.
      const time = onPostgres(db) ? sql`timestamptz(3)` : "text";
      await db.schema
        .createTable("registration_events")
        .ifNotExists()
        .addColumn("slug", "text", (column) => column.primaryKey())
        .addColumn("facts", "text", (column) => column.notNull())
        .addColumn("updated_at", time, (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("registrations")
        .ifNotExists()
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("event_slug", "text", (column) =>
          column.notNull().references("registration_events.slug"),
        )
        .addColumn("seq", "integer", (column) => column.notNull())
        .addColumn("status", "text", (column) =>
          column.notNull().check(sql`status in ('confirmed', 'waiting', 'cancelled')`),
        )
        .addColumn("created_at", time, (column) => column.notNull())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("email", "text", (column) => column.notNull())
        .addColumn("email_key", "text", (column) => column.notNull())
        .addColumn("company", "text", (column) => column.notNull())
        .addColumn("job_title", "text")
        .addColumn("answers", "text", (column) => column.notNull())
        .addColumn("consented_at", time, (column) => column.notNull())
        .addColumn("confirmed_at", time)
        .addColumn("cancelled_at", time)
        .addUniqueConstraint("registrations_event_seq", ["event_slug", "seq"])
        .execute();
      // One active registration per address and event, whatever its case.
      await db.schema
        .createIndex("registrations_one_per_address")
        .ifNotExists()
        .unique()
        .on("registrations")
        .columns(["event_slug", "email_key"])
        .where(sql.ref("status"), "<>", "cancelled")
        .execute();
      await db.schema
        .createIndex("registrations_by_status")
        .ifNotExists()
        .on("registrations")
        .columns(["event_slug", "status", "seq"])
        .execute();

      if (onPostgres(db)) {
        await sql`alter table outbox alter column lead_id drop not null`.execute(db);
        await sql`alter table outbox
          add column if not exists registration_id text references registrations (id) on delete cascade,
          add column if not exists kind text not null default 'lead-notification'`.execute(db);
        await sql`alter table outbox drop constraint if exists outbox_one_subject`.execute(db);
        await sql`alter table outbox add constraint outbox_one_subject
          check ((lead_id is null) <> (registration_id is null))`.execute(db);
        return;
      }
      // SQLite cannot make a column optional in place: the table is rebuilt
      // with its rows, in one transaction (sqlite.org/lang_altertable.html).
      const columns = await sql<{ name: string }>`pragma table_info(outbox)`.execute(db);
      if (columns.rows.some((column) => column.name === "registration_id")) return;
      await db.transaction().execute(async (trx) => {
        await sql`create table outbox_rebuilt (
          id text primary key,
          lead_id text references leads (id) on delete cascade,
          registration_id text references registrations (id) on delete cascade,
          kind text not null default 'lead-notification',
          created_at text not null,
          attempts integer not null default 0,
          next_attempt_at text not null,
          sent_at text,
          last_error text,
          check ((lead_id is null) <> (registration_id is null))
        )`.execute(trx);
        await sql`insert into outbox_rebuilt
          (id, lead_id, created_at, attempts, next_attempt_at, sent_at, last_error)
          select id, lead_id, created_at, attempts, next_attempt_at, sent_at, last_error
          from outbox`.execute(trx);
        await sql`drop table outbox`.execute(trx);
        await sql`alter table outbox_rebuilt rename to outbox`.execute(trx);
        await trx.schema
          .createIndex("outbox_pending")
          .on("outbox")
          .column("next_attempt_at")
          .where(sql.ref("sent_at"), "is", null)
          .execute();
      });
    },
  },
  "2026-11-23-005-optional-company-and-budget": {
    // Company and budget become optional (issue 16). SQLite cannot change a column in place, so
    // leads is rebuilt with its rows, foreign keys off (dropping leads would delete the outbox rows
    // referencing it) and checked before they are on again (sqlite.org/lang_altertable.html).
    async up(db) {
      if (onPostgres(db)) {
        await sql`alter table leads alter column company drop not null,
          alter column budget drop not null`.execute(db);
        return;
      }
      const columns = await sql<{
        name: string;
        notnull: number;
      }>`pragma table_info(leads)`.execute(db);
      if (columns.rows.some((column) => column.name === "company" && column.notnull === 0)) return;
      await db.connection().execute(async (connection) => {
        await sql`pragma foreign_keys = off`.execute(connection);
        try {
          await connection.transaction().execute(async (trx) => {
            await sql`create table leads_rebuilt (
              id text primary key,
              created_at text not null,
              name text not null,
              email text not null,
              company text,
              phone text,
              service text not null,
              budget text,
              message text not null,
              consented_at text not null
            )`.execute(trx);
            await sql`insert into leads_rebuilt
              (id, created_at, name, email, company, phone, service, budget, message, consented_at)
              select id, created_at, name, email, company, phone, service, budget, message, consented_at
              from leads`.execute(trx);
            await sql`drop table leads`.execute(trx);
            await sql`alter table leads_rebuilt rename to leads`.execute(trx);
            await trx.schema
              .createIndex("leads_created_at")
              .on("leads")
              .column("created_at")
              .execute();
            const broken = await sql`pragma foreign_key_check`.execute(trx);
            if (broken.rows.length > 0) throw new Error("leads rebuild broke a foreign key");
          });
        } finally {
          await sql`pragma foreign_keys = on`.execute(connection);
        }
      });
    },
  },
  "2026-11-27-006-lead-source-and-retention": {
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
  },
  "2026-11-27-007-outbox-webhooks": {
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
  },
  ...eventStaffMigrations,
};
