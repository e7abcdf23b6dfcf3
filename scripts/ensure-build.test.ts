import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/*
 * `npm start` on a server (NODE_ENV=production) never builds: in a folder
 * with no build it stops with one line saying what to run (issue 27).
 */
describe("npm start's build check", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "corvanta-ensure-build-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const check = (env: Record<string, string>) =>
    spawnSync(
      path.resolve("node_modules/.bin/tsx"),
      [path.resolve("scripts/ensure-build.ts"), "--start"],
      { cwd: root, env: { ...process.env, ...env }, encoding: "utf8", timeout: 30_000 },
    );

  it("refuses a missing build in production with one line naming the command", () => {
    const result = check({ NODE_ENV: "production" });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Not starting: there is no build.*npm run build/);
    expect(result.stdout).not.toContain("building");
  });
});
