import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

/**
 * The build's cost as content grows (issue 26). For each count of extra blog
 * posts (copies of one post under new slugs and titles; 0, 200 and `--posts`
 * by default), it copies the project to a temporary folder (without
 * node_modules, which it links, the build output or git), runs `npm run build`
 * there with an empty build cache of its own (docs/decisions/071: every card
 * drawn, every file compressed), and prints the wall time, the CPU time, the
 * pages written, the time per added page against the run with none, and the
 * peak resident memory of the build's largest process (GNU time's maximum
 * RSS). Then, in the largest copy, it edits one post and builds again with
 * the cache the first build left: what a save from an editor waits for. The
 * working tree is never touched. Usage:
 *   npm run bench:build -- [--posts 1000 | --posts 0,200,1000] [--source ai-features-start-with-the-decision]
 * Figures are for reading, not for asserting: see docs/benchmarks.md.
 */
const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "1000" },
    source: { type: "string", default: "ai-features-start-with-the-decision" },
  },
});
const asked = values.posts.split(",").map(Number);
if (asked.some((count) => !Number.isInteger(count) || count < 0))
  throw new Error("--posts takes a whole number, or several separated by commas");
// One number N measures 0, 200 and N; a list measures exactly its counts, and 0.
const most = Math.max(...asked);
const steps = [...new Set(asked.length === 1 ? [0, 200, most] : [0, ...asked])]
  .filter((step) => step <= most)
  .sort((a, b) => a - b);

const postsDir = path.join("content", "posts");
const source = readFileSync(path.join(postsDir, `${values.source}.md`), "utf8");
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const skipped = new Set([
  "node_modules",
  "build",
  ".git",
  ".react-router",
  ".cache",
  "data",
  "test-results",
  "playwright-report",
  "blob-report",
  "screenshots",
]);

/** A copy of the source post as the nth extra one: its own slug and title. */
function extraPost(n: number): string {
  return source
    .replace(/^slug: .*$/m, `slug: ${values.source}-copy-${n}`)
    .replace(/^title: (.*)$/m, (_line, title: string) => `title: ${title} (copy ${n})`);
}

type Measure = {
  extra: number;
  label: string;
  seconds: number;
  cpuSeconds: number | undefined;
  pages: number;
  peakMb: number | undefined;
};

/** `npm run build` in `dir`, timed, with the build cache in `cacheDir`. */
function timedBuild(dir: string, cacheDir: string, extra: number, label: string): Measure {
  const env = { ...process.env, BUILD_CACHE_DIR: cacheDir };
  // The prerender logs two lines a file: over 1 MB (spawnSync's default
  // buffer, past which it kills the build) from about 600 extra posts.
  const maxBuffer = 256 * 1024 * 1024;
  const started = process.hrtime.bigint();
  const build = gnuTime
    ? spawnSync(gnuTime, ["-f", "max-rss-kb %M cpu-s %U %S", "npm", "run", "build"], {
        cwd: dir,
        encoding: "utf8",
        env,
        maxBuffer,
      })
    : spawnSync("npm", ["run", "build"], { cwd: dir, encoding: "utf8", env, maxBuffer });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (build.status !== 0) {
    throw new Error(`the build with ${extra} extra posts failed:\n${build.stdout}${build.stderr}`);
  }
  const peakKb = /max-rss-kb (\d+)/.exec(build.stderr)?.[1];
  const cpu = /cpu-s ([\d.]+) ([\d.]+)/.exec(build.stderr);
  return {
    extra,
    label,
    seconds,
    cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : undefined,
    pages: countPages(path.join(dir, "build", "client")),
    peakMb: peakKb === undefined ? undefined : Number(peakKb) / 1024,
  };
}

/**
 * A build with `extra` posts and an empty cache; for the largest count, a
 * second build after one post's title changed, reusing the first's cache.
 */
function measure(extra: number, rebuild: boolean): Measure[] {
  const dir = mkdtempSync(path.join(tmpdir(), "corvanta-bench-build-"));
  try {
    cpSync(".", dir, {
      recursive: true,
      filter: (from) => !skipped.has(path.relative(".", from).split(path.sep)[0] ?? ""),
    });
    symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
    for (let n = 1; n <= extra; n++) {
      writeFileSync(path.join(dir, postsDir, `${values.source}-copy-${n}.md`), extraPost(n));
    }
    const cacheDir = path.join(dir, ".build-cache");
    const rows = [timedBuild(dir, cacheDir, extra, String(extra))];
    if (rebuild) {
      const edited = path.join(dir, postsDir, `${values.source}.md`);
      writeFileSync(
        edited,
        readFileSync(edited, "utf8").replace(/^title: (.*)$/m, "title: $1 (edited)"),
      );
      rows.push(timedBuild(dir, cacheDir, extra, `${extra}, again after editing one post`));
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function countPages(dir: string): number {
  let pages = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) pages += countPages(path.join(dir, entry.name));
    else if (entry.name === "index.html") pages++;
  }
  return pages;
}

const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
const fixed = (value: number | undefined, digits: number) =>
  value === undefined ? "–" : value.toFixed(digits);
// Each row is printed as soon as it is measured: a run of an hour that is
// stopped still leaves what it measured.
console.log(
  [
    `npm run build in a copy of the project, empty build cache unless said; Node ${process.version}; ${cpus().length} x ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GB; ${new Date().toISOString().slice(0, 10)}`,
    "",
    "| Extra posts | Pages | Build s | CPU s | s per added page | Peak RSS MB (largest process) |",
    "| --- | --- | --- | --- | --- | --- |",
  ].join("\n"),
);
// Steps start at 0: the build with no extra post is every other row's baseline.
let base: Measure | undefined;
for (const extra of steps) {
  for (const row of measure(extra, extra === most && most > 0)) {
    base ??= row;
    console.error(`built with ${row.label} extra posts in ${row.seconds.toFixed(0)} s`);
    console.log(
      `| ${row.label} | ${row.pages} | ${row.seconds.toFixed(1)} | ${fixed(row.cpuSeconds, 1)} | ${
        row.pages > base.pages && row.label === String(row.extra)
          ? ((row.seconds - base.seconds) / (row.pages - base.pages)).toFixed(2)
          : "–"
      } | ${fixed(row.peakMb, 0)} |`,
    );
  }
}
