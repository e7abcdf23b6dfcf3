import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Rollup } from "vite";
import { contentErrorsEndTheBuild } from "../../vite.config";

/*
 * The hook runs against a server build in miniature: an index.js whose
 * evaluation throws, as the real one does when a content file is invalid.
 */
describe("content errors in the build", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "corvanta-content-errors-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const message =
    "Invalid content in content/products/carebridge.yaml:\n" +
    '  - line 3, industri: Unrecognized key: "industri"';
  const entryBundle = { "index.js": { type: "chunk", isEntry: true, fileName: "index.js" } };

  function runHook(): Promise<unknown> {
    const plugin = contentErrorsEndTheBuild();
    const hook = plugin.writeBundle as {
      handler: (options: Rollup.NormalizedOutputOptions, bundle: unknown) => Promise<void>;
    };
    return hook.handler({ dir } as Rollup.NormalizedOutputOptions, entryBundle);
  }

  it("ends the build with the loader's message alone and exit code 1", () => {
    writeFileSync(
      path.join(dir, "index.js"),
      `const error = new Error(${JSON.stringify(message)}); error.name = "ContentError"; throw error;\n`,
    );
    // In a process of its own, since the hook ends it, as the build's would.
    const runner = path.join(dir, "runner.mts");
    writeFileSync(
      runner,
      [
        `import { contentErrorsEndTheBuild } from ${JSON.stringify(path.resolve("vite.config.ts"))};`,
        "const hook = contentErrorsEndTheBuild().writeBundle as any;",
        `await hook.handler({ dir: ${JSON.stringify(dir)} }, ${JSON.stringify(entryBundle)});`,
        'console.log("the build went on");',
      ].join("\n"),
    );
    const run = spawnSync(process.execPath, ["--import", "tsx", runner], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(`\nThe build stopped: a content file is invalid.\n\n${message}\n\n`);
    expect(run.stderr).not.toMatch(/Getter|\n\s+at /);
    // The child loads vite.config.ts and its plugins: seconds on a busy machine.
  }, 60_000);

  it("leaves any other error to the bundler", async () => {
    writeFileSync(path.join(dir, "index.js"), 'throw new TypeError("a bug, not content");\n');
    await expect(runHook()).rejects.toThrow("a bug, not content");
  });

  it("evaluates a valid server build once: React Router's import finds it evaluated", async () => {
    const counter = `corvantaEvaluations${Date.now()}`;
    writeFileSync(
      path.join(dir, "index.js"),
      `globalThis.${counter} = (globalThis.${counter} ?? 0) + 1;\nexport const ok = true;\n`,
    );
    await runHook();
    const build = (await import(pathToFileURL(path.join(dir, "index.js")).href)) as { ok: boolean };
    expect(build.ok).toBe(true);
    expect((globalThis as Record<string, unknown>)[counter]).toBe(1);
  });
});
