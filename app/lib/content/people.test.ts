import { describe, expect, it } from "vitest";
import { assertDistinctPeople, nameParts } from "~/lib/content/people";

const person = (name: string, organisation: string, sourcePath: string) => ({
  name,
  organisation,
  entry: { sourcePath },
  path: ["name"],
});

describe("assertDistinctPeople", () => {
  it("accepts one person named twice at the same organisation", () => {
    const leader = person("Hannah Becker", "Corvanta Digital", "content/team/hannah-becker.yaml");
    const speaking = person("Hannah Becker", "Corvanta Digital", "content/events/a.yaml");
    expect(() => assertDistinctPeople([leader, speaking])).not.toThrow();
  });

  it("accepts a client who shares a speaker's first name, or a leader's surname", () => {
    // Issue 29: a testimonial by a Sofia was refused because a speaker is called Sofia.
    const people = [
      person("Sofia Marques", "Lisbon Health Lab", "content/events/a.yaml"),
      person("Sofia Lindgren", "Halvern Care", "content/testimonials/b.yaml"),
      person("Tomás Silva", "Corvanta Digital", "content/team/tomas-silva.yaml"),
      person("Ana Silva", "Meridian Pay", "content/testimonials/c.yaml"),
    ];
    expect(() => assertDistinctPeople(people)).not.toThrow();
  });

  it("refuses two people of one full name, titles aside, naming both files", () => {
    const people = [
      person("Ana Costa", "Corvanta Digital", "content/team/ana-costa.yaml"),
      person("Dr Ana Costa", "Calder Institute", "content/testimonials/calder.yaml"),
    ];
    expect(() => assertDistinctPeople(people)).toThrow(
      'content/testimonials/calder.yaml:\n  - name: "Dr Ana Costa" of Calder Institute has the full name of Ana Costa of Corvanta Digital (content/team/ana-costa.yaml)',
    );
  });

  it("drops titles", () => {
    expect(nameParts("Dr  Ingrid Halvorsen")).toEqual(["ingrid", "halvorsen"]);
  });
});
