import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";

/*
 * `npm run check:content` on a copy of content/ with three mistakes in three
 * files: every one is reported, each once, with its file, line and field.
 * One run of the real script (tsx, the site's loaders reading the copy).
 */
let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "corvanta-check-content-"));
  cpSync("content", path.join(root, "content"), { recursive: true });
  const edit = (file: string, from: string | RegExp, to: string) => {
    const target = path.join(root, file);
    const text = readFileSync(target, "utf8");
    expect(text).toMatch(from);
    writeFileSync(target, text.replace(from, to));
  };
  edit("content/posts/running-an-eight-week-mvp.md", /^excerpt: .*\n/m, "");
  edit(
    "content/events/iot-manufacturing-lisbon.yaml",
    "start: 2026-10-14T18:30",
    "start: 2026-02-30T18:30",
  );
  edit(
    "content/posts/design-systems-engineers-use.md",
    "name: Priya Natarajan",
    "name: Priya Natrajan",
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

it("reports every problem once with file, line and field, and exits with 1", async () => {
  const run = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/check-content.ts", "--root", root],
    { encoding: "utf8" },
  ).then(
    () => expect.unreachable("the check passed"),
    (failure: { code: number; stdout: string; stderr: string }) => failure,
  );
  expect(run.code).toBe(1);
  expect(run.stdout).toBe("");
  const [problems, summary] = run.stderr.split("\n\n");
  const lines = problems?.split("\n") ?? [];
  expect(lines).toHaveLength(3);
  expect(lines[0]).toBe(
    "content/events/iot-manufacturing-lisbon.yaml:4  start: 2026-02-30T18:30 does not exist: February 2026 has 28 days",
  );
  expect(lines[1]).toMatch(
    /^content\/posts\/design-systems-engineers-use\.md:6 {2}author\.name: must be the name of a leader in content\/team \(.*Priya Natarajan.*\), got "Priya Natrajan"$/,
  );
  expect(lines[2]).toBe("content/posts/running-an-eight-week-mvp.md  excerpt: is missing");
  expect(summary).toMatch(/^3 problems in 3 files \(\d+\.\d s\)\.\n$/);
}, 60_000);
