import { performance } from "node:perf_hooks";
import path from "node:path";
import {
  describeProblem,
  setAsideContentErrors,
  type ContentError,
} from "~/lib/content/collection";
import {
  proposeChange,
  readContentFrom,
  type ProposedChange,
} from "~/lib/content/content-files.server";
import { waitingEntries } from "~/lib/content/publication";
import { prepareContentImages } from "~/lib/images/content-images.server";

/**
 * `npm run check:content [-- --root <checkout>]`: every file of content/
 * through the site's own loaders, in seconds rather than a build's minutes.
 * Each problem is printed once, as `file:line  field: message`, and the
 * command exits with 1 when there is any. Every file is checked: a refused
 * file is set aside (refuseFile) and the loaders go on. `--root` checks the
 * content/ of another checkout (the tests use a copy). `--json` prints one
 * object instead, for deploy/publish: `problems` (file, line, field,
 * message) and `waiting`, the entries whose publishAt is after
 * VITE_CONTENT_AS_OF (now when unset) with that instant (docs/decisions/095),
 * and `reports`, the problems by file, for the editor's save check.
 */
const rootFlag = process.argv.indexOf("--root");
if (rootFlag !== -1) readContentFrom(path.resolve(process.argv[rootFlag + 1] ?? "."));
// `--proposed`: the files as a save would leave them, given on standard input
// as JSON ({ additions: { path: text }, deletions: [path] }). The editor's API
// checks each save so (docs/decisions/091).
if (process.argv.includes("--proposed")) {
  proposeChange(JSON.parse(await readStandardInput()) as ProposedChange);
}

async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const started = performance.now();
const refused: ContentError[] = [];
setAsideContentErrors((error) => refused.push(error));
// The images first, as the build makes them (from its cache when it has them),
// so a reference to a missing file or one over its budget is reported (decision 093).
await prepareContentImages();

// Every collection, with the rules across files: the cast (team, events,
// testimonials, and through them products and services), the posts, and the
// fixed pages' meta. Each page's own copy is read on demand, so it is asked
// for here. Post bodies are not rendered: their one rule the renderer also
// checks (no level-1 heading) is the loader's too, and the Markdown pipeline
// would double the time (decision 082).
await Promise.all([
  import("~/site/cast.server"),
  import("~/features/blog/posts.server"),
  import("~/site/page-meta.server"),
]);
const copies = await Promise.all([
  import("~/features/company/home-page.server").then((module) => module.homePage),
  import("~/features/company/about-page.server").then((module) => module.aboutPage),
  import("~/features/company/figures.server").then((module) => module.figures),
  import("~/features/portfolio/portfolio-page.server").then((module) => module.portfolioPage),
  import("~/features/events/registration-copy.server").then((module) => module.registrationCopy),
  import("~/features/contact/contact.server").then((module) => module.contactPage),
  import("~/features/privacy/privacy-page.server").then((module) => module.privacyPage),
]);
for (const read of copies) {
  try {
    read();
  } catch {
    // Reported to the handler when the file was read.
  }
}

if (process.argv.includes("--json")) {
  const problems = refused.flatMap(({ report }) =>
    report.problems.map(({ line, field, message }) => ({
      file: report.file,
      line,
      field,
      message,
    })),
  );
  const waiting = [...waitingEntries].map(([file, at]) => ({ file, publishAt: at.toISOString() }));
  // One report per file; a rule across files may have refused a file twice.
  const reports = new Map<string, ContentError["report"]>();
  for (const { report } of refused) {
    const known = reports.get(report.file);
    reports.set(
      report.file,
      known ? { file: report.file, problems: [...known.problems, ...report.problems] } : report,
    );
  }
  console.log(JSON.stringify({ problems, waiting, reports: [...reports.values()] }));
  process.exit(problems.length === 0 ? 0 : 1);
}

const lines = new Set<string>();
for (const { report } of refused) {
  for (const problem of report.problems) {
    const where = problem.line ? `${report.file}:${problem.line}` : report.file;
    lines.add(`${where}  ${describeProblem({ ...problem, line: undefined })}`);
  }
}
const files = new Set(refused.map((error) => error.report.file));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (lines.size === 0) {
  console.log(`content/: no problems (${seconds} s).`);
} else {
  console.error([...lines].sort(byFileThenLine).join("\n"));
  console.error(
    `\n${lines.size} problem${lines.size === 1 ? "" : "s"} in ${files.size} file${files.size === 1 ? "" : "s"} (${seconds} s).`,
  );
  process.exitCode = 1;
}

/** content/a.md:4 before content/a.md:12 before content/b.md. */
function byFileThenLine(a: string, b: string): number {
  const [fileA = "", lineA = "0"] = a.split(/[: ]/, 2);
  const [fileB = "", lineB = "0"] = b.split(/[: ]/, 2);
  return fileA.localeCompare(fileB) || Number(lineA) - Number(lineB) || a.localeCompare(b);
}
