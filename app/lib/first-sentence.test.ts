import { describe, expect, it } from "vitest";
import { firstSentence } from "./first-sentence";

describe("firstSentence", () => {
  it("ends at the first stop a capital follows", () => {
    expect(
      firstSentence("A morning for heads of payments. You will meet peers. Lunch follows."),
    ).toBe("A morning for heads of payments.");
    expect(firstSentence("Ready to ship? Bring the team!")).toBe("Ready to ship?");
  });

  it("does not end at a stop inside a sentence", () => {
    expect(firstSentence("Pages load in 1.8 seconds, e.g. the checkout. Then more.")).toBe(
      "Pages load in 1.8 seconds, e.g. the checkout.",
    );
    expect(firstSentence("Rua da Prata 120, 3.º andar. Lisboa.")).toBe(
      "Rua da Prata 120, 3.º andar.",
    );
  });

  it("gives a one-sentence text whole, trimmed", () => {
    expect(firstSentence("  One sentence only.\n")).toBe("One sentence only.");
    expect(firstSentence("No stop at all")).toBe("No stop at all");
  });
});
