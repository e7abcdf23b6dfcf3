import { describe, expect, it } from "vitest";
import {
  countWords,
  formatReadingTime,
  readingMinutes,
  WORDS_PER_MINUTE,
} from "~/features/blog/reading-time";

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

describe("reading time", () => {
  it("counts prose words, keeping link text and numbers whole", () => {
    expect(
      countWords("## Why it breaks\n\nWe don't match 1,400 [payments](https://x.test/a/b)."),
    ).toBe(8);
  });

  it("leaves code blocks, images and HTML tags out of the count", () => {
    const markdown = [
      "Two words",
      "```kotlin",
      'val rule = MatchRule(name = "exact")',
      "```",
      "![A diagram of the pipeline](/art.svg)",
      "<br/>",
    ].join("\n");
    expect(countWords(markdown)).toBe(2);
  });

  it("rounds up to whole minutes and never says zero", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(words(WORDS_PER_MINUTE))).toBe(1);
    expect(readingMinutes(words(WORDS_PER_MINUTE + 1))).toBe(2);
    expect(readingMinutes(words(WORDS_PER_MINUTE * 4))).toBe(4);
  });

  it("formats minutes for display", () => {
    expect(formatReadingTime(4)).toBe("4 min read");
  });
});
