import type { Transaction } from "kysely";
import type { AppDatabase } from "../db/database";
import type { Database } from "../db/schema";

/**
 * A form token works once (issue 15): its nonce is recorded in `form_token_uses` in the transaction
 * that stores the post, so a second post with it, from any address or process, stores nothing. Both
 * forms share the table; a token is signed for one form only.
 */

/** The form token was already used by something stored: a replay. */
export class TokenReplayedError extends Error {
  override name = "TokenReplayedError";
}

/** Records the nonce's use; throws TokenReplayedError (rolling `trx` back) if it was recorded before. */
export async function recordTokenUse(
  trx: Transaction<Database>,
  nonce: string,
  at: string,
): Promise<void> {
  const recorded = await trx
    .insertInto("form_token_uses")
    .values({ nonce, used_at: at })
    .onConflict((conflict) => conflict.column("nonce").doNothing())
    .executeTakeFirst();
  if (Number(recorded.numInsertedOrUpdatedRows ?? 0) !== 1) {
    throw new TokenReplayedError("this form token was already used");
  }
}

/** Forgets token nonces recorded before `before`: tokens that old are expired anyway. */
export async function forgetUsedTokensBefore(db: AppDatabase, before: Date): Promise<void> {
  await db.deleteFrom("form_token_uses").where("used_at", "<", before.toISOString()).execute();
}
