import { describe, expect, it } from "vitest";
import { isActivePath } from "~/site/layout/active-path";

describe("isActivePath", () => {
  it("marks Home only on the home page", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/about", "/")).toBe(false);
  });

  it("marks a section on its own path and below it, not on look-alike paths", () => {
    expect(isActivePath("/events", "/events")).toBe(true);
    expect(isActivePath("/blog/some-post", "/blog")).toBe(true);
    expect(isActivePath("/eventsx", "/events")).toBe(false);
  });

  it("ignores the hash of the link", () => {
    expect(isActivePath("/about", "/about#vision")).toBe(true);
  });
});
