import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createSmtpMailer } from "../server/outbox/mailer";

/*
 * One run of the publisher (deploy/publish, every minute from
 * corvanta-publish.timer; docs/decisions/095 and docs/publishing.md). With
 * git, it follows the repository the editor saves to:
 *
 * 1. The main branch. When it has moved, the new commit is checked out into a
 *    fresh folder, `check:content` runs, then deploy/release builds it and
 *    switches the live site to it. A commit that fails either never reaches
 *    the site: the current release keeps serving and the editors get an
 *    e-mail naming each file, line and message; that commit is not tried
 *    again until the branch moves on.
 * 2. The schedule. When a post or event the live build left out for its
 *    publishAt is due, the live commit is built again (even while a later
 *    commit on main is refused).
 * 3. Every other branch (a change the editor proposes) gets a preview: a
 *    build with drafts and scheduled entries, its own server and its own
 *    address, marked noindex; a branch that is gone loses its preview.
 *
 * Settings (environment; /etc/corvanta/corvanta.env and publish.env in the
 * service): CORVANTA_HOME, PUBLISH_REMOTE (origin), PUBLISH_BRANCH (main),
 * PUBLISH_NOTIFY_TO (addresses, commas), PUBLISH_MAIL_FROM (LEADS_MAIL_FROM),
 * SMTP_URL / SMTP_CA_FILE / SMTP_TLS_REJECT_UNAUTHORIZED (the site's own),
 * PREVIEW_HOSTS ("*.preview.corvanta.example"; unset: no previews),
 * PREVIEW_PORTS (4101-4140), PREVIEW_STATE_DIR (/var/lib/corvanta-preview),
 * PREVIEW_START / PREVIEW_STOP (systemctl commands, %i the preview's name),
 * CORVANTA_RELOAD_PROXY (systemctl reload caddy); deploy/release's own.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = process.env;
const home = path.resolve(env.CORVANTA_HOME || "/srv/corvanta");
const remote = env.PUBLISH_REMOTE || "origin";
const mainBranch = env.PUBLISH_BRANCH || "main";
const work = path.join(home, "publish");
const stateFile = path.join(work, "state.json");
/** What builds keep between them (app/lib/build-cache.server.ts): one folder for every checkout. */
const buildCache = env.BUILD_CACHE_DIR || path.join(work, "build-cache");

type Waiting = { file: string; publishAt: string };
type Problem = { file: string; line?: number; field?: string; message: string };
type Preview = { name: string; port: number; commit?: string; refused?: string };
type State = {
  /** What the live site was built from, the instant it shows content as of, and what it left out until later. */
  live?: { commit: string; asOf: string; waiting: Waiting[] };
  /** A commit of the main branch that failed; tried again only when the branch moves. */
  refused?: string;
  previews: Record<string, Preview>;
};

const readState = (): State =>
  existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, "utf8")) as State) : { previews: {} };
function saveState(state: State) {
  writeFileSync(`${stateFile}.next`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${stateFile}.next`, stateFile);
}

const log = (message: string) => console.log(`publish: ${message}`);

type Run = { code: number; stdout: string; stderr: string };
/** A command's exit code and output; never throws for a non-zero exit. */
function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? repo,
      env: options.env ?? env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

async function git(...args: string[]): Promise<string> {
  const result = await run("git", args);
  if (result.code !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** A configured command (a systemctl line), %i replaced, through the shell as deploy/switch's are. */
async function runSetting(command: string, name: string) {
  const result = await run("sh", ["-c", command.replaceAll("%i", name)]);
  if (result.code !== 0) {
    throw new Error(`${command.replaceAll("%i", name)} failed: ${result.stderr || result.stdout}`);
  }
}

// ---------------------------------------------------------------- checkouts

/**
 * A fresh checkout of `commit` (a git worktree of this clone) with its
 * packages: hard links to this clone's node_modules when the lockfile is the
 * same, `npm ci` otherwise.
 */
async function checkOut(commit: string): Promise<string> {
  const dir = path.join(work, "checkouts", commit.slice(0, 12));
  await removeCheckout(dir);
  mkdirSync(path.dirname(dir), { recursive: true });
  await git("worktree", "add", "--detach", "--force", dir, commit);
  const sameLockfile =
    readFileSync(path.join(dir, "package-lock.json"), "utf8") ===
    readFileSync(path.join(repo, "package-lock.json"), "utf8");
  const install = sameLockfile
    ? await run("cp", ["-al", path.join(repo, "node_modules"), path.join(dir, "node_modules")])
    : await run("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir });
  if (install.code !== 0) throw new Error(`Installing packages failed: ${install.stderr}`);
  return dir;
}

async function removeCheckout(dir: string) {
  if (existsSync(dir)) {
    // node_modules first: it is not the checkout's, and git would walk it.
    rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
    await run("git", ["worktree", "remove", "--force", dir]);
    rmSync(dir, { recursive: true, force: true });
  }
  await run("git", ["worktree", "prune"]);
}

type Check = { ok: true; waiting: Waiting[] } | { ok: false; problems: Problem[] };

/** `check:content --json` in a checkout, as of `asOf`. */
async function checkContent(dir: string, buildEnv: NodeJS.ProcessEnv): Promise<Check> {
  const result = await run(
    process.execPath,
    ["--import", "tsx", "scripts/check-content.ts", "--json"],
    { cwd: dir, env: buildEnv },
  );
  try {
    const report = JSON.parse(result.stdout) as { problems: Problem[]; waiting: Waiting[] };
    return report.problems.length === 0 && result.code === 0
      ? { ok: true, waiting: report.waiting }
      : { ok: false, problems: report.problems };
  } catch {
    // It stopped before it could report (a file it cannot even read).
    return { ok: false, problems: [{ file: "content/", message: lastLines(result.stderr) }] };
  }
}

const lastLines = (output: string, count = 30) =>
  output.trim().split("\n").slice(-count).join("\n");

// ---------------------------------------------------------------- e-mail

async function describeCommit(commit: string) {
  const [author = "", subject = ""] = (
    await git("log", "-1", "--format=%an <%ae>%x00%s", commit)
  ).split("\0");
  return { author, subject, short: commit.slice(0, 7) };
}

/** Tells the editors, through the site's SMTP settings; logs only when none are set. */
async function notify(subject: string, text: string) {
  const to = (env.PUBLISH_NOTIFY_TO ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  log(`${subject}\n${text}`);
  if (!env.SMTP_URL || to.length === 0) {
    log("No e-mail sent: SMTP_URL or PUBLISH_NOTIFY_TO is not set");
    return;
  }
  const from =
    env.PUBLISH_MAIL_FROM ||
    env.LEADS_MAIL_FROM ||
    "Corvanta Digital website <website@corvanta.example>";
  const mailer = createSmtpMailer(env.SMTP_URL, {
    caFile: env.SMTP_CA_FILE || undefined,
    rejectUnauthorized: env.SMTP_TLS_REJECT_UNAUTHORIZED !== "false",
  });
  try {
    const id = createHash("sha256")
      .update(subject + text)
      .digest("hex")
      .slice(0, 24);
    const domain = /@([^\s>]+)/.exec(from)?.[1] ?? "localhost";
    await mailer.send({ from, to, subject, text, messageId: `<${id}@${domain}>` });
  } finally {
    mailer.close();
  }
}

function describeProblems(problems: Problem[]): string {
  return problems
    .map(
      ({ file, line, field, message }) =>
        [file, line ? `line ${line}` : "", field ?? ""].filter(Boolean).join(", ") + `: ${message}`,
    )
    .join("\n");
}

/** Where editors sign in: the live site's /keystatic (SITE_URL, from corvanta.env). */
const editorAddress = env.SITE_URL ? ` (${env.SITE_URL.replace(/\/$/, "")}/keystatic)` : "";

async function tellRefused(
  commit: string,
  what: { target: string; unchanged: string },
  failure: { problems: Problem[] } | { buildOutput: string },
) {
  const { author, subject, short } = await describeCommit(commit);
  const body =
    "problems" in failure
      ? describeProblems(failure.problems)
      : `The build stopped:\n\n${failure.buildOutput}`;
  const count = "problems" in failure ? failure.problems.length : 0;
  const files = "problems" in failure ? [...new Set(failure.problems.map((p) => p.file))] : [];
  await notify(
    `Not published: ${
      count
        ? `${count} problem${count === 1 ? "" : "s"} in ${files.join(", ")}`
        : "the build failed"
    } (${what.target})`,
    [
      `"${subject}" (${short}, by ${author}) was not published to ${what.target}: ${what.unchanged}`,
      "",
      body,
      "",
      `To fix it, open the entry in the editor${editorAddress}, correct the field and save again, ` +
        'or undo the change ("Undo a change" in the publishing guide, docs/publishing.md). ' +
        "Each save is checked again within a minute.",
    ].join("\n"),
  );
}

// ---------------------------------------------------------------- the live site

async function publishLive(state: State, commit: string, reason: string) {
  const asOf = new Date().toISOString();
  log(`${reason}: building ${commit.slice(0, 7)} as of ${asOf}`);
  const dir = await checkOut(commit);
  try {
    const buildEnv = {
      ...env,
      VITE_CONTENT_AS_OF: asOf,
      VITE_CONTENT_PREVIEW: "",
      BUILD_CACHE_DIR: buildCache,
    };
    const unchanged = state.live
      ? `the site keeps showing ${state.live.commit.slice(0, 7)}.`
      : "the site has no release yet.";
    const checked = await checkContent(dir, buildEnv);
    if (!checked.ok) {
      state.refused = commit;
      saveState(state);
      await tellRefused(commit, { target: "the live site", unchanged }, checked);
      return;
    }
    // deploy/release of the commit itself: it builds, and switches only a complete build.
    const release = await run(path.join(dir, "deploy/release"), [], { cwd: dir, env: buildEnv });
    process.stdout.write(
      release.stdout
        .split("\n")
        .filter((line) => !line.startsWith("Prerender"))
        .join("\n"),
    );
    if (release.code !== 0) {
      process.stderr.write(release.stderr);
      state.refused = commit;
      saveState(state);
      // A release whose build passed may have switched and then failed to restart an
      // instance: deploy/switch said so, and deploy/rollback goes back.
      await tellRefused(
        commit,
        { target: "the live site", unchanged },
        { buildOutput: lastLines(release.stdout + release.stderr) },
      );
      return;
    }
    state.live = { commit, asOf, waiting: checked.waiting };
    if (state.refused === commit) delete state.refused;
    saveState(state);
    log(`${commit.slice(0, 7)} is live`);
  } finally {
    await removeCheckout(dir);
  }
}

async function followMain(state: State) {
  const head = await git("rev-parse", `refs/remotes/${remote}/${mainBranch}`);
  if (head !== state.live?.commit && head !== state.refused) {
    await publishLive(state, head, `${mainBranch} is at ${head.slice(0, 7)}`);
    return;
  }
  const now = Date.now();
  const due = state.live?.waiting.filter((entry) => Date.parse(entry.publishAt) <= now) ?? [];
  if (state.live && due.length > 0) {
    await publishLive(
      state,
      state.live.commit,
      `due now: ${due.map((entry) => `${entry.file} (${entry.publishAt})`).join(", ")}`,
    );
  }
}

// ---------------------------------------------------------------- previews

const previewHosts = env.PREVIEW_HOSTS ?? "";
const previewRoot = path.join(home, "previews");
const proxyPreviews = path.join(home, "proxy", "previews");
const reloadProxy = () => runSetting(env.CORVANTA_RELOAD_PROXY || "systemctl reload caddy", "");

/** A branch's name as a DNS label: "keystatic/new-post" is "keystatic-new-post". */
function previewName(branch: string, taken: Set<string>): string {
  const base =
    branch
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40)
      .replace(/-+$/, "") || "branch";
  if (!taken.has(base)) return base;
  return `${base}-${createHash("sha256").update(branch).digest("hex").slice(0, 6)}`;
}

function freePort(state: State): number {
  const [low = 4101, high = 4140] = (env.PREVIEW_PORTS || "4101-4140").split("-").map(Number);
  const used = new Set(Object.values(state.previews).map((preview) => preview.port));
  for (let port = low; port <= high; port++) if (!used.has(port)) return port;
  throw new Error(`No free preview port in PREVIEW_PORTS (${low}-${high})`);
}

const previewHost = (name: string) => previewHosts.replace("*", name);
const previewOrigin = (name: string) => `https://${previewHost(name)}`;

async function waitUntilReady(port: number) {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The preview on port ${port} is not ready after 60 s`);
}

async function buildPreview(state: State, branch: string, commit: string, preview: Preview) {
  log(`Preview of ${branch}: building ${commit.slice(0, 7)} for ${previewOrigin(preview.name)}`);
  const dir = await checkOut(commit);
  try {
    const buildEnv = {
      ...env,
      NODE_ENV: "production",
      SITE_URL: previewOrigin(preview.name),
      VITE_CONTENT_PREVIEW: "1",
      VITE_CONTENT_AS_OF: new Date().toISOString(),
      BUILD_CACHE_DIR: buildCache,
    };
    const unchanged = preview.commit
      ? `its preview keeps showing ${preview.commit.slice(0, 7)}.`
      : "it has no preview yet.";
    const target = `the preview of "${branch}"`;
    const checked = await checkContent(dir, buildEnv);
    if (!checked.ok) {
      preview.refused = commit;
      saveState(state);
      await tellRefused(commit, { target, unchanged }, checked);
      return;
    }
    const build = await run("npm", ["run", "build"], { cwd: dir, env: buildEnv });
    if (build.code !== 0) {
      preview.refused = commit;
      saveState(state);
      await tellRefused(
        commit,
        { target, unchanged },
        { buildOutput: lastLines(build.stdout + build.stderr) },
      );
      return;
    }
    // The preview's files, beside its earlier ones; `current` names the one its server runs.
    const folder = path.join(previewRoot, preview.name);
    const release = path.join(folder, commit.slice(0, 12));
    rmSync(release, { recursive: true, force: true });
    mkdirSync(release, { recursive: true });
    const copy = await run(
      "sh",
      [
        "-c",
        'cp -a build package.json "$1/" && cp -al node_modules "$1/node_modules"',
        "sh",
        release,
      ],
      { cwd: dir },
    );
    if (copy.code !== 0) throw new Error(`Copying the preview failed: ${copy.stderr}`);
    const stateDir = path.join(env.PREVIEW_STATE_DIR || "/var/lib/corvanta-preview", preview.name);
    writeFileSync(
      path.join(folder, "preview.env"),
      [
        `# Written by deploy/publish for the branch "${branch}".`,
        `PORT=${preview.port}`,
        "HOST=127.0.0.1",
        "NODE_ENV=production",
        `SITE_URL=${previewOrigin(preview.name)}`,
        "TRUST_PROXY=loopback",
        // Its own database: a preview never touches the live site's leads or
        // registrations, and without SMTP_URL it sends no e-mail.
        `DATABASE_URL=file:${path.join(stateDir, "preview.db")}`,
        "",
      ].join("\n"),
    );
    symlinkSync(commit.slice(0, 12), path.join(folder, "current.next"));
    renameSync(path.join(folder, "current.next"), path.join(folder, "current"));
    await runSetting(env.PREVIEW_START || "systemctl restart corvanta-preview@%i", preview.name);
    await waitUntilReady(preview.port);
    for (const old of readdirSync(folder)) {
      if (/^[0-9a-f]{12}$/.test(old) && old !== commit.slice(0, 12)) {
        rmSync(path.join(folder, old), { recursive: true, force: true });
      }
    }
    await writePreviewSite(branch, preview);
    const first = preview.commit === undefined;
    preview.commit = commit;
    delete preview.refused;
    saveState(state);
    if (first) {
      // Its address, once, to the editors: the branch's name decides it, but they need not work it out.
      const { author, subject } = await describeCommit(commit);
      await notify(
        `Preview ready: ${branch}`,
        [
          `The change proposed on the branch "${branch}" ("${subject}", by ${author}) can be seen at`,
          "",
          `${previewOrigin(preview.name)}/`,
          "",
          "with its drafts and scheduled posts. It follows each save to the branch within a few",
          "minutes, and goes away when the branch is deleted.",
        ].join("\n"),
      );
    }
    log(`Preview of ${branch} at ${previewOrigin(preview.name)} shows ${commit.slice(0, 7)}`);
  } finally {
    await removeCheckout(dir);
  }
}

/** The preview's site in Caddy (deploy/Caddyfile imports proxy/previews/*.caddy); reloads when new. */
async function writePreviewSite(branch: string, preview: Preview) {
  const file = path.join(proxyPreviews, `${preview.name}.caddy`);
  const site = [
    `# The preview of the branch "${branch}", written by deploy/publish; removed with the branch.`,
    `${previewHost(preview.name)} {`,
    "\ttls {$CORVANTA_TLS:ops@corvanta.example}",
    "\theader -Server",
    "\t# For the team's eyes: search engines are asked to leave it out.",
    '\theader X-Robots-Tag "noindex, nofollow"',
    `\treverse_proxy 127.0.0.1:${preview.port}`,
    "}",
    "",
  ].join("\n");
  if (existsSync(file) && readFileSync(file, "utf8") === site) return;
  mkdirSync(proxyPreviews, { recursive: true });
  writeFileSync(file, site);
  await reloadProxy();
}

async function removePreview(state: State, branch: string, preview: Preview) {
  log(`The branch ${branch} is gone: removing its preview ${preview.name}`);
  rmSync(path.join(proxyPreviews, `${preview.name}.caddy`), { force: true });
  await reloadProxy();
  await runSetting(
    env.PREVIEW_STOP ||
      "systemctl stop corvanta-preview@%i && systemctl clean --what=state corvanta-preview@%i",
    preview.name,
  );
  rmSync(path.join(previewRoot, preview.name), { recursive: true, force: true });
  rmSync(path.join(env.PREVIEW_STATE_DIR || "/var/lib/corvanta-preview", preview.name), {
    recursive: true,
    force: true,
  });
  state.previews = Object.fromEntries(
    Object.entries(state.previews).filter(([known]) => known !== branch),
  );
  saveState(state);
}

async function remoteBranches(): Promise<Map<string, string>> {
  const refs = await git(
    "for-each-ref",
    "--format=%(refname:lstrip=3) %(objectname)",
    `refs/remotes/${remote}/`,
  );
  return new Map(
    refs
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split(" ") as [string, string])
      .filter(([branch]) => branch !== "HEAD" && branch !== mainBranch),
  );
}

async function removeGonePreviews(state: State, branches: Map<string, string>) {
  for (const [branch, preview] of Object.entries(state.previews)) {
    if (!branches.has(branch)) await removePreview(state, branch, preview);
  }
}

async function buildPreviews(state: State, branches: Map<string, string>) {
  for (const [branch, commit] of branches) {
    let preview = state.previews[branch];
    if (!preview) {
      const taken = new Set(Object.values(state.previews).map((known) => known.name));
      preview = { name: previewName(branch, taken), port: freePort(state) };
      state.previews[branch] = preview;
      saveState(state);
    }
    if (commit !== preview.commit && commit !== preview.refused) {
      await buildPreview(state, branch, commit, preview);
      // One preview per run: the next run looks at main (and the schedule) before the next
      // preview, so a release waits for at most one preview's build.
      return;
    }
  }
}

// ---------------------------------------------------------------- one run

mkdirSync(work, { recursive: true });
const state = readState();
await git("fetch", "--prune", "--quiet", remote);
// Removing a preview is quick and builds nothing: first. Then the live site, then the previews' builds.
const branches = await remoteBranches();
if (previewHosts) await removeGonePreviews(state, branches);
await followMain(state);
if (previewHosts) await buildPreviews(state, branches);
