import { expect, it } from "vitest";
import { siteCast } from "~/site/cast.server";
import { assertDistinctPeople } from "~/lib/content/people";

it("names no two people alike across team, speakers and testimonials", () => {
  expect(siteCast().length).toBeGreaterThan(10);
  expect(() => assertDistinctPeople(siteCast())).not.toThrow();
});
