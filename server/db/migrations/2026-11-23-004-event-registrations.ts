import { sql, type Migration } from "kysely";
import { onPostgres } from "./on-postgres";

// Shipped: never edit it; add the next migration (server/db/migrations/index.ts).
export const migration: Migration = {
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
};
