import { sql, type Migration } from "kysely";
import { onPostgres } from "./on-postgres";

// Shipped: never edit it; add the next migration (server/db/migrations/index.ts).
export const migration: Migration = {
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
};
