import { describe, expect, it } from "vitest";
import { siteConfig } from "../config/site";
import { pageMeta } from "./meta";

describe("pageMeta", () => {
  it("titles the page 'Page | Company' and carries the description", () => {
    expect(pageMeta({ title: "About", description: "Who we are." })).toEqual([
      { title: `About | ${siteConfig.name}` },
      { name: "description", content: "Who we are." },
    ]);
  });

  it("adds noindex only when asked", () => {
    const tags = pageMeta({ title: "Page not found", description: "x", noindex: true });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(pageMeta({ title: "Home", description: "x" })).not.toContainEqual(
      expect.objectContaining({ name: "robots" }),
    );
  });
});
