import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadYamlCollection } from "~/lib/content/collection";
import { lineField } from "~/lib/content/fields";

// The error map is set by importing the content fields, as every loader does.
const schema = z
  .object({
    summary: lineField(20),
    tags: z.array(lineField(10)).min(1).max(2),
    kind: z.enum(["talk", "workshop"]),
    order: z.number().int().positive(),
    draft: z.boolean().default(false),
    link: z.url().optional(),
  })
  .strict();

function problemsOf(yaml: string): string {
  try {
    loadYamlCollection({ "/content/x/a.yaml": yaml }, schema);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the file was accepted");
}

describe("content messages in an author's words (issue 29)", () => {
  it("says what is wrong and what was written, never the validator's wording", () => {
    const message = problemsOf(
      [
        "tags: [a, b, c]",
        "kind: meetup",
        "order: 1.5",
        "draft: yes please",
        "link: example",
        "summry: typo",
      ].join("\n"),
    );
    expect(message).toBe(
      [
        "Invalid content in content/x/a.yaml:",
        "  - summary: is missing",
        "  - line 1, tags: must list at most 2 items, got 3",
        "  - line 2, kind: must be one of talk, workshop, got “meetup”",
        "  - line 3, order: must be a whole number, got 1.5",
        "  - line 4, draft: must be true or false, got “yes please”",
        "  - line 5, link: must be a web address (https://…), got “example”",
        "  - line 6, summry: is not a field here: check its spelling, or remove it",
      ].join("\n"),
    );
    expect(message).not.toMatch(/Invalid input|expected|received|Too big|Unrecognized/);
  });

  it("counts characters for text that is empty or too long", () => {
    expect(problemsOf('summary: "  "\ntags: [a]\nkind: talk\norder: 1')).toContain(
      "line 1, summary: must not be empty",
    );
    expect(
      problemsOf("summary: A summary far too long\ntags: [a]\nkind: talk\norder: 1"),
    ).toContain("line 1, summary: must be at most 20 characters long, got 22: shorten it by 2");
  });
});
