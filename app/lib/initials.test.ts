import { describe, expect, it } from "vitest";
import { initialsOf, toneIndexOf } from "~/lib/initials";

describe("initialsOf", () => {
  it("takes the first letters of the first and last names", () => {
    expect(initialsOf("Maya Okafor")).toBe("MO");
    expect(initialsOf("Ana Maria da Costa")).toBe("AC");
    expect(initialsOf("  tomás   silva ")).toBe("TS");
    expect(initialsOf("Ólafur")).toBe("Ó");
  });
});

describe("toneIndexOf", () => {
  it("is deterministic and within range", () => {
    expect(toneIndexOf("Maya Okafor", 6)).toBe(toneIndexOf("Maya Okafor", 6));
    for (const name of ["A", "Daniel Reyes", "Priya Natarajan", "Tomás Silva"]) {
      const index = toneIndexOf(name, 6);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(6);
    }
  });

  it("spreads different names over the palette", () => {
    const names = [
      "Maya Okafor",
      "Daniel Reyes",
      "Priya Natarajan",
      "Hannah Becker",
      "James Whitfield",
    ];
    expect(new Set(names.map((name) => toneIndexOf(name, 6))).size).toBeGreaterThan(2);
  });
});
