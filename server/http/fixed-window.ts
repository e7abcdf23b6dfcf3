/**
 * Hits per key in a fixed window, in memory, holding at most `maxKeys` keys:
 * a client that makes up new keys (IPv6 addresses, say) can never grow it
 * past that. When it is full, finished windows are forgotten first, then the
 * window that started longest ago; that client starts counting again.
 */
export type FixedWindowOptions = { max: number; windowMs: number; maxKeys?: number };

export type FixedWindowHit = { allowed: boolean; resetAt: number };

export class FixedWindowCounter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #maxKeys: number;
  /** In the order the windows started: the first is the oldest. */
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  #nextSweep = 0;

  constructor({ max, windowMs, maxKeys = 10_000 }: FixedWindowOptions) {
    this.#max = max;
    this.#windowMs = windowMs;
    this.#maxKeys = Math.max(1, maxKeys);
  }

  /** Counts one hit for `key` at `now` (ms) and says whether it is within the limit. */
  hit(key: string, now: number): FixedWindowHit {
    if (now >= this.#nextSweep) {
      this.#forgetFinished(now);
      this.#nextSweep = now + this.#windowMs;
    }
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      this.#windows.delete(key);
      if (this.#windows.size >= this.#maxKeys) this.#forgetFinished(now);
      while (this.#windows.size >= this.#maxKeys) {
        const oldest = this.#windows.keys().next().value as string;
        this.#windows.delete(oldest);
      }
      window = { count: 0, resetAt: now + this.#windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { allowed: window.count <= this.#max, resetAt: window.resetAt };
  }

  /** How many keys it holds now. */
  get size(): number {
    return this.#windows.size;
  }

  /**
   * Windows are kept in the order they started, all the same length, so the
   * finished ones are at the front: forgetting them stops at the first that runs.
   */
  #forgetFinished(now: number) {
    for (const [key, window] of this.#windows) {
      if (window.resetAt > now) return;
      this.#windows.delete(key);
    }
  }
}
