import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, crc32CombineShifted, crc32Shift } from "./crc32-combine";

describe("crc32Combine", () => {
  it("gives the CRC-32 of the concatenation, for lengths from 0 to past 64 KB", () => {
    for (const [lengthA, lengthB] of [
      [0, 0],
      [0, 7],
      [5, 0],
      [1, 1],
      [13, 24],
      [1000, 3],
      [90_000, 70_000],
    ] as const) {
      const a = randomBytes(lengthA);
      const b = randomBytes(lengthB);
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it("chains over many parts with the shifts taken once", () => {
    const parts = [12, 0, 4096, 24, 77_777, 1].map((length) => randomBytes(length));
    const shifts = parts.map((part) => crc32Shift(part.length));
    let crc = 0;
    parts.forEach((part, index) => {
      crc = crc32CombineShifted(crc, crc32(part), shifts[index] ?? 0);
    });
    expect(crc).toBe(crc32(Buffer.concat(parts)));
  });
});
