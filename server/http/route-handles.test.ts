import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routeIdFinder } from "./route-handles";

/** A build's flat route list, as React Router writes it: a root, a layout and two pages. */
const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/site-layout": { id: "routes/site-layout", parentId: "root", module: {} },
    "routes/about": {
      id: "routes/about",
      parentId: "routes/site-layout",
      path: "about",
      module: {},
    },
    "routes/not-found": {
      id: "routes/not-found",
      parentId: "routes/site-layout",
      path: "*",
      module: {},
    },
  },
} as unknown as ServerBuild;

afterEach(() => vi.restoreAllMocks());

describe("routeIdFinder", () => {
  it("finds the route a path leads to with React Router's matcher", () => {
    const routeOf = routeIdFinder(build);
    expect(routeOf("/about")).toBe("routes/about");
    expect(routeOf("/caf%C3%A9")).toBe("routes/not-found");
  });

  it("leads a path that does not decode nowhere, and writes nothing to the console", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(routeIdFinder(build)("/%E0%A4%A")).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it("keeps at most 256 KB of paths, however many and however long the made-up ones (issue 41, defect 12)", () => {
    const routeOf = routeIdFinder(build);
    for (let n = 0; n < 3_000; n++) {
      expect(routeOf(`/${n}-${"x".repeat(2_000)}`)).toBe("routes/not-found");
    }
    expect(routeOf.cachedPathBytes()).toBeLessThanOrEqual(256 * 1024);
    expect(routeOf.cachedPathBytes()).toBeGreaterThan(0);
  });
});
