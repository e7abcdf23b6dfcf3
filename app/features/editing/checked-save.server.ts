import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describeProblem, type ContentReport } from "~/lib/content/collection";
import { writtenAsTheRepositoryDoes } from "./saved-files.server";

/*
 * A save in local mode (`npm run dev`), checked before it is written
 * (docs/decisions/091). Keystatic's UI posts every save to
 * /api/keystatic/update as the files to add and delete. Here each content
 * file is first written as the repository writes it (saved-files.server.ts),
 * then the whole content/ as the save would leave it goes through
 * `npm run check:content --proposed`, the same loaders and rules as the dev
 * pages and the build. A save that would leave a file out of the site is
 * refused with the file, line, field and rule, which Keystatic's UI shows
 * above the form; nothing is written, and the form keeps what was typed.
 */

type Update = {
  additions: { path: string; contents: string }[];
  deletions: { path: string }[];
};

/** The longest a check may take on a busy machine before the save is refused as unchecked. */
const checkTimeoutMs = 60_000;

const isContentFile = (file: string) => file.startsWith("content/") && /\.(md|yaml)$/.test(file);

/**
 * The update request Keystatic's handler should carry out, or the response
 * refusing it. A request that is not a well-formed update goes on unchanged
 * (Keystatic answers it with 400).
 */
export async function checkedUpdate(
  request: Request,
  root = process.cwd(),
): Promise<Request | Response> {
  let update: Update;
  try {
    update = (await request.clone().json()) as Update;
    if (!Array.isArray(update.additions) || !Array.isArray(update.deletions)) return request;
  } catch {
    return request;
  }
  const additions: Record<string, string> = {};
  for (const addition of update.additions) {
    if (typeof addition.path !== "string" || typeof addition.contents !== "string") return request;
    if (!isContentFile(addition.path)) {
      additions[addition.path] = "";
      continue;
    }
    const saved = Buffer.from(addition.contents, "base64url").toString("utf8");
    const current = await readFile(path.join(root, addition.path), "utf8").catch(() => undefined);
    const written = await writtenAsTheRepositoryDoes(addition.path, saved, current);
    additions[addition.path] = written;
    addition.contents = Buffer.from(written, "utf8").toString("base64");
  }
  const deletions = update.deletions.map((deletion) => deletion.path);
  const touched = new Set([...Object.keys(additions), ...deletions]);

  const reports = await checkContent(root, { additions, deletions });
  // A problem in a file the save does not touch counts only if the save caused
  // it (a deleted team member a post names); one already there is not this save's.
  const elsewhere = reports.filter((report) => !touched.has(report.file));
  const before = elsewhere.length > 0 ? problemKeys(await checkContent(root)) : new Set<string>();
  const refused = reports.flatMap((report) => {
    const problems = touched.has(report.file)
      ? report.problems
      : report.problems.filter((problem) => !before.has(keyOf(report.file, problem)));
    return problems.length > 0 ? [{ file: report.file, problems }] : [];
  });
  if (refused.length > 0) return refusal(refused);
  return new Request(request.url, {
    method: "POST",
    headers: request.headers,
    body: JSON.stringify(update),
  });
}

const keyOf = (file: string, problem: ContentReport["problems"][number]) =>
  `${file}\n${problem.field ?? ""}\n${problem.message}`;

const problemKeys = (reports: ContentReport[]) =>
  new Set(
    reports.flatMap((report) => report.problems.map((problem) => keyOf(report.file, problem))),
  );

/** The refusal Keystatic's UI shows as the save's error: each file, then one line per problem. */
function refusal(reports: ContentReport[]): Response {
  const count = reports.reduce((sum, report) => sum + report.problems.length, 0);
  const lines = reports.flatMap((report) => [
    report.file,
    ...report.problems.map((problem) => `• ${describeProblem(problem)}`),
  ]);
  return new Response(
    `Not saved: the site would leave this out. Fix ${count === 1 ? "this" : `these ${count} things`} and save again.\n${lines.join("\n")}`,
    { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8" } },
  );
}

/** `npm run check:content` on the project's content/, with `proposed` applied in memory. */
async function checkContent(
  root: string,
  proposed?: { additions: Record<string, string>; deletions: string[] },
): Promise<ContentReport[]> {
  const args = ["--import", "tsx", "scripts/check-content.ts", "--json"];
  if (proposed) args.push("--proposed");
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ["pipe", "pipe", "pipe"],
    timeout: checkTimeoutMs,
    env: { ...process.env, NODE_ENV: "test" },
  });
  child.stdin.end(proposed ? JSON.stringify(proposed) : "");
  let output = "";
  let errors = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  try {
    return (JSON.parse(output) as { reports: ContentReport[] }).reports;
  } catch {
    throw new Error(
      `The content check did not finish (exit ${code}), so nothing was saved: ${errors.trim().split("\n").slice(-3).join(" ") || "no output"}`,
    );
  }
}
