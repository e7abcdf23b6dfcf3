import { randomBytes } from "node:crypto";
import type { AppDatabase } from "./database";

/**
 * A secret every process sharing the database agrees on (the form tokens' and cancellation links'
 * keys): made on first start and kept in `app_secrets`, so tokens work across processes and restarts.
 */
export async function loadAppSecret(db: AppDatabase, name: string): Promise<string> {
  await db
    .insertInto("app_secrets")
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}
