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

/*
 * Images (issue 40, decision 093): a cover that names a missing file, a body
 * image that does, and a product screen over the phone's byte budget (random
 * noise, which no encoder shrinks), each reported on the line that names it.
 */
it("reports a missing or oversized image with the file and line that name it", async () => {
  const imageRoot = mkdtempSync(path.join(tmpdir(), "corvanta-check-images-"));
  try {
    cpSync("content", path.join(imageRoot, "content"), { recursive: true });
    const edit = (file: string, from: string | RegExp, to: string) => {
      const target = path.join(imageRoot, file);
      const text = readFileSync(target, "utf8");
      expect(text).toMatch(from);
      writeFileSync(target, text.replace(from, to));
    };
    edit(
      "content/posts/reconciliation-at-scale.md",
      "src: /images/posts/reconciliation-at-scale/cover.png",
      "src: /images/posts/reconciliation-at-scale/cover-2.png",
    );
    edit(
      "content/posts/running-an-eight-week-mvp.md",
      /\n## /,
      "\n![The team's board in week 1](/images/posts/running-an-eight-week-mvp/board.jpg)\n\n## ",
    );
    const { default: sharp } = await import("sharp");
    const noise = Buffer.alloc(1000 * 3000 * 3);
    let seed = 40;
    for (let index = 0; index < noise.length; index++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      noise[index] = seed >> 23;
    }
    await sharp(noise, { raw: { width: 1000, height: 3000, channels: 3 } })
      .png()
      .toFile(path.join(imageRoot, "content/images/products/ledgerloop/flow.png"));

    const run = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/check-content.ts", "--root", imageRoot],
      { encoding: "utf8" },
    ).then(
      () => expect.unreachable("the check passed"),
      (failure: { code: number; stdout: string; stderr: string }) => failure,
    );
    expect(run.code).toBe(1);
    const lines = run.stderr.split("\n\n")[0]?.split("\n") ?? [];
    const lineOf = (file: string, text: string) =>
      readFileSync(path.join(imageRoot, file), "utf8")
        .split("\n")
        .findIndex((line) => line.includes(text)) + 1;
    // A refused product also breaks the references to it (figures, home, services);
    // those lines are the reference rules' own.
    expect(lines).toEqual(
      expect.arrayContaining([
        `content/posts/reconciliation-at-scale.md:${lineOf("content/posts/reconciliation-at-scale.md", "cover-2.png")}  coverImage.src: “/images/posts/reconciliation-at-scale/cover-2.png” is not there: no file content/images/posts/reconciliation-at-scale/cover-2.png (add it, or correct the path)`,
        `content/posts/running-an-eight-week-mvp.md:${lineOf("content/posts/running-an-eight-week-mvp.md", "board.jpg")}  body: “/images/posts/running-an-eight-week-mvp/board.jpg” is not there: no file content/images/posts/running-an-eight-week-mvp/board.jpg (add it, or correct the path)`,
        expect.stringMatching(
          new RegExp(
            `^content/products/ledgerloop\\.yaml:${lineOf("content/products/ledgerloop.yaml", "flow.png")} {2}screens item 2, src: its 390 px WebP is \\d+ KB, over the 60 KB a phone may load for one image`,
          ),
        ),
      ]),
    );
  } finally {
    rmSync(imageRoot, { recursive: true, force: true });
  }
}, 60_000);
