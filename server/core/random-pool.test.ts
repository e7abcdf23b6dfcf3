import { describe, expect, it } from "vitest";
import { pooledRandomBytes } from "./random-pool";

describe("pooledRandomBytes", () => {
  it("gives the size asked for, never the same bytes twice, across refills of the pool", () => {
    const seen = new Set<string>();
    // 4,000 draws of 16 bytes: the 4 KB pool is refilled about fifteen times.
    for (let i = 0; i < 4000; i++) {
      const bytes = pooledRandomBytes(16);
      expect(bytes.length).toBe(16);
      seen.add(bytes.toString("hex"));
    }
    expect(seen.size).toBe(4000);
  });

  it("hands out copies: a later refill does not change bytes already drawn", () => {
    const first = pooledRandomBytes(9);
    const copy = Buffer.from(first);
    for (let i = 0; i < 1000; i++) pooledRandomBytes(9);
    expect(first.equals(copy)).toBe(true);
  });

  it("draws larger sizes straight from the generator", () => {
    expect(pooledRandomBytes(5000).length).toBe(5000);
  });
});
