import type { Transaction } from "kysely";
import type { AppDatabase } from "../db/database";
import type { Database } from "../db/schema";

/**
 * A form token works once (issue 15): what a form stores with a token records
 * its nonce (form-token.ts `formTokenNonce`) in `form_token_uses`, in the same
 * transaction, so a second post with the same token, from any address or
 * process, stores nothing. The contact form and the registration form share
 * the table; a token is signed for one form only, so no nonce is shared.
 */

/** The form token was already used by something stored: a replay. */
export class TokenReplayedError extends Error {
  override name = "TokenReplayedError";
}

/**
 * Records the nonce's use in `trx`; throws TokenReplayedError if it was
 * recorded before, so the caller's transaction rolls back.
 */
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
