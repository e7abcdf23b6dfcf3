import { describe, expect, it } from "vitest";
import { supportedNodeRange, unsupportedNodeLine } from "./supported-node";

describe("the supported Node check (issue 43)", () => {
  const range = supportedNodeRange();

  it("reads package.json's engines", () => {
    expect(range).toBe(">=22.22");
  });

  it("passes Node 22.22 and 24, refuses Node 20 and 22.21 with one line naming 22.22 and how to get it", () => {
    expect(unsupportedNodeLine("24.21.0", range)).toBeUndefined();
    expect(unsupportedNodeLine("22.22.0", range)).toBeUndefined();
    for (const old of ["20.20.2", "22.21.1"]) {
      const line = unsupportedNodeLine(old, range);
      expect(line).toMatch(
        /needs Node 22\.22\.0 or newer \(Node 24 LTS recommended\); this is Node /,
      );
      expect(line).toContain(". .ci/use-node-24.sh");
      expect(line).not.toContain("\n");
    }
  });
});
