import { randomBytes, randomFillSync } from "node:crypto";

/**
 * Random bytes for the values every response draws: its CSP nonce and a form
 * token's nonce. They come from the same CSPRNG as `randomBytes`, 4 KB at a
 * time: one call per response cost the server about 5% of its time under
 * load (a profile of an event page, docs/benchmarks.md), most of it the
 * call's own overhead rather than the bytes. Node's `randomUUID` keeps a
 * cache the same way. No byte is handed out twice: each draw is a copy of a
 * stretch of the pool not drawn before, and the pool is refilled before any
 * stretch would be.
 */
const pool = Buffer.alloc(4096);
let drawn = pool.length;

export function pooledRandomBytes(size: number): Buffer {
  if (size > pool.length) return randomBytes(size);
  if (drawn + size > pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  const bytes = Buffer.from(pool.subarray(drawn, drawn + size));
  drawn += size;
  return bytes;
}
