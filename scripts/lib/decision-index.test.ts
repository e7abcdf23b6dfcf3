import { readFileSync } from "node:fs";
import prettier from "prettier";
import { expect, it } from "vitest";
import { decisionIndex, decisionIndexFile, readDecisions } from "./decision-index";

it("the decision index lists every record with its status (npm run docs:decisions)", async () => {
  const decisions = readDecisions();
  expect(decisions.length).toBeGreaterThan(50);
  for (const decision of decisions) expect(decision.status, decision.file).not.toBe("not stated");
  const options = await prettier.resolveConfig(decisionIndexFile);
  const expected = await prettier.format(decisionIndex(decisions), {
    ...options,
    filepath: decisionIndexFile,
  });
  expect(readFileSync(decisionIndexFile, "utf8"), "run npm run docs:decisions").toBe(expected);
});
