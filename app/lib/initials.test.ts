import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it("takes the first letters of the first and last names", () => {
    expect(initialsOf("Maya Okafor")).toBe("MO");
    expect(initialsOf("Tomás Silva")).toBe("TS");
    expect(initialsOf("Ana María de la Cruz")).toBe("AC");
  });

  it("copes with one name, accents and stray spaces", () => {
    expect(initialsOf("  Émile  ")).toBe("É");
    expect(initialsOf("priya natarajan")).toBe("PN");
  });
});
