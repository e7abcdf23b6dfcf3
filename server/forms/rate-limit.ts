import ipaddr from "ipaddr.js";
import type { AppDatabase } from "../db/database";

/**
 * Posts per client address in a fixed window, counted in the database so the limit holds however
 * many server processes share it. One upsert both counts the post and reads the total, so two posts
 * at the same moment cannot both slip under the limit.
 */
export type RateLimitRule = { maxPosts: number; windowMs: number };

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function countPost(
  db: AppDatabase,
  bucket: string,
  now: Date,
  { maxPosts, windowMs }: RateLimitRule,
): Promise<RateLimitVerdict> {
  const nowIso = now.toISOString();
  const windowExpiredBefore = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ bucket, window_started_at: nowIso, hits: 1 })
    .onConflict((conflict) =>
      conflict.column("bucket").doUpdateSet((eb) => {
        const windowOver = eb("rate_limits.window_started_at", "<=", windowExpiredBefore);
        return {
          hits: eb
            .case()
            .when(windowOver)
            .then(1)
            .else(eb("rate_limits.hits", "+", 1))
            .end(),
          window_started_at: eb
            .case()
            .when(windowOver)
            .then(nowIso)
            .else(eb.ref("rate_limits.window_started_at"))
            .end(),
        };
      }),
    )
    .returning(["hits", "window_started_at"])
    .executeTakeFirstOrThrow();

  if (row.hits === 1) {
    // A window just started: a good moment to forget clients whose windows are over.
    await db
      .deleteFrom("rate_limits")
      .where("window_started_at", "<=", windowExpiredBefore)
      .execute();
  }
  if (row.hits <= maxPosts) return { allowed: true };
  const windowEndsAt = Date.parse(row.window_started_at) + windowMs;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 1000)),
  };
}

/**
 * The bucket a client address counts against. An IPv6 client usually holds a whole /64, so its
 * posts count together; IPv4 addresses (also when written as IPv4-mapped IPv6) count one by one.
 * Parsed by ipaddr.js, which Express's proxy-addr uses for the same addresses.
 */
export function rateLimitBucket(address: string): string {
  const [withoutZone = ""] = address.split("%");
  if (!ipaddr.isValid(withoutZone)) return address;
  const parsed = ipaddr.process(withoutZone);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}
