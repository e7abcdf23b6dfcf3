import { describe, expect, it } from "vitest";
import { assertDistinctPeople, nameParts } from "~/lib/content/people";

const person = (name: string, organisation = "Corvanta Digital", source = "a.yaml") => ({
  name,
  organisation,
  source,
});

describe("assertDistinctPeople", () => {
  it("accepts one person named twice at the same organisation", () => {
    expect(() =>
      assertDistinctPeople([person("Hannah Becker"), person("Hannah Becker", undefined, "b.yaml")]),
    ).not.toThrow();
  });

  it.each([
    ["a full name at two organisations", "Ana Costa", "Ana Costa"],
    ["a first name", "Priya Natarajan", "Priya Raman"],
    ["a surname", "Hannah Lindqvist", "Marcus Lindqvist"],
    ["first names that differ by c and k", "Markus Hoffmann", "Marcus Berg"],
    ["a name behind a title", "Dr Lukas Brenner", "Lukas Weber"],
  ])("rejects %s", (_, one, two) => {
    expect(() => assertDistinctPeople([person(one), person(two, "Client", "b.yaml")])).toThrow(
      /name of their own/,
    );
  });

  it("drops titles", () => {
    expect(nameParts("Dr  Ingrid Halvorsen")).toEqual(["ingrid", "halvorsen"]);
  });
});
