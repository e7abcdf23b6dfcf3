import { describe, expect, it } from "vitest";
import { ContentError } from "~/lib/content/collection";
import { loadTeam, team } from "~/features/company/team.server";

const member = (fields: string) =>
  `name: Ada Example\nrole: Head of Tests\norder: 1\nbio: Writes the tests.\n${fields}`;

describe("team collection", () => {
  it("holds the leadership team in their order, each with a LinkedIn profile", () => {
    expect(team.length).toBeGreaterThanOrEqual(4);
    expect(team.length).toBeLessThanOrEqual(6);
    expect(team.map((person) => person.order)).toEqual(
      [...team.map((person) => person.order)].sort((a, b) => a - b),
    );
    for (const person of team) {
      expect(new URL(person.linkedin).hostname).toMatch(/(^|\.)linkedin\.com$/);
    }
  });

  it("rejects a profile that is not on LinkedIn, naming the file and field", () => {
    const files = {
      "/content/team/ada.yaml": member("linkedin: https://example.com/in/ada"),
    };
    expect(() => loadTeam(files)).toThrow(ContentError);
    expect(() => loadTeam(files)).toThrow(/content\/team\/ada\.yaml:\n {2}- line 5, linkedin:/);
  });

  it("refuses two leaders in the same position", () => {
    const files = {
      "/content/team/a.yaml": member("linkedin: https://www.linkedin.com/in/a"),
      "/content/team/b.yaml": member("linkedin: https://www.linkedin.com/in/b").replace(
        "Ada Example",
        "Bo Example",
      ),
    };
    expect(() => loadTeam(files)).toThrow(
      /content\/team\/b\.yaml:\n {2}- line \d+, order: "1" is already used by content\/team\/a\.yaml/,
    );
  });
});
