import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { request } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { chromium } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { chromiumArgs, chromiumPath } from "../browser";
import { sleep } from "../faults/support";
import { get, ports, startStack, waitFor, type Answer, type Stack } from "../deploy/stack";

/*
 * Issue 40's "Publishing", for real on loopback (npm run test:publish): a
 * bare repository stands in for GitHub, and an editor's clone pushes commits
 * shaped as Keystatic's GitHub mode makes them (author "Keystatic", files
 * under content/, a branch for a proposed change). The server's side is only
 * what corvanta-publish.timer runs, deploy/publish, here every
 * PUBLISH_TEST_INTERVAL_SECONDS (5) instead of every minute, in front of the
 * deploy stack of tests/deploy/stack.ts: Caddy with tls internal, two
 * instances, PostgreSQL and an SMTP sink. systemctl is played by a control
 * server of the test's (CORVANTA_RESTART, PREVIEW_START, PREVIEW_STOP name
 * its URLs), which restarts the test's instances and runs the previews.
 */

const worktree = process.cwd();
const intervalMs = Number(process.env.PUBLISH_TEST_INTERVAL_SECONDS ?? 5) * 1000;
const controlPort = Number(process.env.PUBLISH_TEST_CONTROL_PORT ?? 4170);
const previewPorts = process.env.PUBLISH_TEST_PREVIEW_PORTS ?? "4171-4179";
const previewHosts = `*.preview.localhost:${ports.https}`;

const tmp = mkdtempSync(path.join(tmpdir(), "corvanta-publish-"));
const origin = path.join(tmp, "origin.git");
const serverRepo = path.join(tmp, "server-repo");
const editor = path.join(tmp, "editor");
const previewState = path.join(tmp, "preview-state");

const livePost = "content/posts/running-an-eight-week-mvp.md";
const livePostPath = "/blog/running-an-eight-week-mvp";
const originalExcerpt =
  "The week-by-week plan behind LaunchPad Studio, our fixed programme of 8 weeks that has taken twelve funded startups from idea to paying users.";
const newExcerpt =
  "8 weeks from idea to paying users, the LaunchPad Studio plan week by week, as twelve funded startups ran it.";

const timings: { what: string; seconds: number; target: number }[] = [];
const publishLog: string[] = [];
let stack: Stack;

function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout.trim();
}

/** git in the editor's clone, committing as Keystatic's GitHub mode does. */
const editorGit = (...args: string[]) =>
  sh(
    "git",
    ["-c", "user.name=Keystatic", "-c", "user.email=keystatic@users.noreply.github.com", ...args],
    editor,
  );

function editFile(file: string, change: (text: string) => string) {
  const full = path.join(editor, file);
  const before = readFileSync(full, "utf8");
  const after = change(before);
  assert.notEqual(after, before, `${file} changed`);
  writeFileSync(full, after);
}

/** A post the loaders accept: another post's body under a new title and slug. */
function newPost(slug: string, title: string, extra: string) {
  const body = readFileSync(path.join(editor, livePost), "utf8").split("\n---\n")[1]!;
  writeFileSync(
    path.join(editor, `content/posts/${slug}.md`),
    [
      "---",
      `title: ${title}`,
      `slug: ${slug}`,
      "date: 2026-11-20",
      "author:",
      "  name: James Whitfield",
      "  role: Director of Client Services",
      "tags: [Delivery]",
      "excerpt: A post written for the publishing test, long enough to serve as its meta description.",
      extra,
      "---",
      body,
    ]
      .filter((line) => line !== "")
      .join("\n"),
  );
}

/** The repository as this checkout has it (tracked and new files, not ignored ones), as one commit on a bare origin. */
function seedOrigin() {
  const seed = path.join(tmp, "seed");
  mkdirSync(seed);
  const files = sh("git", ["ls-files", "-co", "--exclude-standard", "-z"], worktree)
    .split("\0")
    .filter((file) => file && existsSync(path.join(worktree, file)));
  for (const file of files) {
    const from = path.join(worktree, file);
    if (lstatSync(from).isSymbolicLink()) continue;
    mkdirSync(path.dirname(path.join(seed, file)), { recursive: true });
    copyFileSync(from, path.join(seed, file));
    chmodSync(path.join(seed, file), statSync(from).mode);
  }
  sh("git", ["init", "-q", "--bare", "-b", "main", origin], tmp);
  sh("git", ["init", "-q", "-b", "main"], seed);
  sh("git", ["add", "-A"], seed);
  sh(
    "git",
    [
      "-c",
      "user.name=Developer",
      "-c",
      "user.email=dev@corvanta.example",
      "commit",
      "-qm",
      "The site",
    ],
    seed,
  );
  sh("git", ["push", "-q", origin, "main"], seed);
  // The server's clone (docs/publishing.md's set-up): its packages as `npm ci` would install them.
  sh("git", ["clone", "-q", origin, serverRepo], tmp);
  sh(
    "cp",
    ["-al", path.join(worktree, "node_modules"), path.join(serverRepo, "node_modules")],
    tmp,
  );
  sh("git", ["clone", "-q", origin, editor], tmp);
  // The build cache this checkout's builds filled (social cards, compressed files), as a
  // server has it after its first build: the first release takes seconds less per page.
  const cache = path.join(worktree, "node_modules/.cache/corvanta");
  if (existsSync(cache)) sh("cp", ["-a", cache, path.join(tmp, "build-cache")], tmp);
  else mkdirSync(path.join(tmp, "build-cache"));
}

// ------------------------------------------------------------ systemctl's stand-in

const previews = new Map<string, ChildProcess>();
const previewOutput = new Map<string, string>();

async function stopPreview(name: string) {
  const child = previews.get(name);
  previews.delete(name);
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
}

function startPreview(home: string, name: string) {
  const folder = path.join(home, "previews", name);
  const child = spawn(
    process.execPath,
    [
      `--env-file=${path.join(folder, "preview.env")}`,
      path.join(folder, "current/build/server/main.js"),
    ],
    // As corvanta-preview@.service: the env file's settings and nothing of the test's.
    { env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ["ignore", "pipe", "pipe"] },
  );
  mkdirSync(path.join(previewState, name), { recursive: true });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  child.on("exit", () => previewOutput.set(name, output));
  previews.set(name, child);
}

function startControl(): Promise<Server> {
  const server = createServer((req, res) => {
    const [, action, name = ""] =
      /^\/(restart|preview\/start|preview\/stop)\/([\w.-]+)$/.exec(req.url ?? "") ?? [];
    const answer = (status: number, text: string) => res.writeHead(status).end(text);
    void (async () => {
      if (action === "restart") {
        const instance = stack.instances.find((candidate) => String(candidate.port) === name);
        if (!instance) return answer(404, `no instance ${name}`);
        await instance.restart();
      } else if (action === "preview/start") {
        await stopPreview(name);
        startPreview(stack.home, name);
      } else if (action === "preview/stop") {
        await stopPreview(name);
      } else {
        return answer(404, "unknown");
      }
      answer(200, "ok");
    })().catch((error: Error) => answer(500, error.message));
  });
  return new Promise((resolve) => server.listen(controlPort, "127.0.0.1", () => resolve(server)));
}

const control = (action: string) =>
  `curl -fsS -X POST http://127.0.0.1:${controlPort}/${action}/%i`;

// ------------------------------------------------------------ the timer's stand-in

async function publishOnce(env: NodeJS.ProcessEnv) {
  const child = spawn(path.join(serverRepo, "deploy/publish"), [], {
    cwd: serverRepo,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const [code] = (await once(child, "exit")) as [number | null];
  const lines = output.split("\n").filter((line) => line && !line.startsWith("Prerender"));
  publishLog.push(`--- ${new Date().toISOString()} exit ${code}`, ...lines);
  if (code !== 0)
    throw new Error(`deploy/publish failed (${code}):\n${lines.slice(-40).join("\n")}`);
}

let stopping = false;
let loop: Promise<void> | undefined;
const loopErrors: Error[] = [];

// ------------------------------------------------------------ requests

/** A request to a preview's address, through Caddy (the name resolves to loopback). */
function getPreview(name: string, pathname: string): Promise<Answer> {
  const host = previewHosts.replace("*", name);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: ports.https,
        servername: host.split(":")[0],
        path: pathname,
        ca: readFileSync(path.join(stack.home, "caddy/pki/authorities/local/root.crt")),
        headers: { Host: host, "Accept-Encoding": "identity" },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end();
  });
}

const page = (pathname: string) =>
  get(stack.agent, pathname, { headers: { "Accept-Encoding": "identity" } });
const liveCommit = () => readlinkSync(path.join(stack.home, "current"));
const publishState = () =>
  JSON.parse(readFileSync(path.join(stack.home, "publish/state.json"), "utf8")) as {
    live: { commit: string; waiting: { file: string; publishAt: string }[] };
    refused?: string;
    previews: Record<string, { name: string; commit?: string }>;
  };

/**
 * With PUBLISH_TEST_SCREENSHOTS=<folder>, the preview and the e-mail are
 * photographed for docs/publishing.md (npm run test:publish, once, by hand).
 */
const screenshotDir = process.env.PUBLISH_TEST_SCREENSHOTS;

async function photograph(file: string, target: { url: string } | { mail: ParsedMail }) {
  if (!screenshotDir) return;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({
      viewport: "url" in target ? { width: 1280, height: 800 } : { width: 900, height: 560 },
      ignoreHTTPSErrors: true,
    });
    if ("url" in target) {
      await page.goto(target.url, { waitUntil: "networkidle" });
    } else {
      // The message as a mail client lists it: its headers and its text, as sent.
      const { mail } = target;
      const escape = (text: string) =>
        text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);
      await page.setContent(
        `<body style="font:15px system-ui;margin:24px;color:#1a1a1a">
          <div style="border-bottom:1px solid #ddd;padding-bottom:12px;margin-bottom:16px">
            <div style="font-size:20px;font-weight:600;margin-bottom:8px">${escape(mail.subject ?? "")}</div>
            <div><b>From</b> ${escape(mail.from?.text ?? "")}</div>
            <div><b>To</b> ${escape(
              [mail.to ?? []]
                .flat()
                .map((to) => to.text)
                .join(", "),
            )}</div>
          </div>
          <pre style="font:14px/1.5 system-ui;white-space:pre-wrap">${escape(mail.text ?? "")}</pre>
        </body>`,
      );
    }
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: path.join(screenshotDir, file) });
  } finally {
    await browser.close();
  }
}

/** Waits for `check` and records how long it took from `since`, beside its target. */
async function measure(
  what: string,
  since: number,
  targetMinutes: number,
  check: () => Promise<void>,
) {
  await waitFor(check, targetMinutes * 60_000 - (Date.now() - since), what);
  const seconds = Math.round((Date.now() - since) / 1000);
  timings.push({ what, seconds, target: targetMinutes * 60 });
  console.log(`${what}: ${seconds} s (target ${targetMinutes} min)`);
}

before(async () => {
  seedOrigin();
  const controlServer = await startControl();
  const publishEnv = {
    PUBLISH_NOTIFY_TO: "editors@corvanta.example, lead-editor@corvanta.example",
    PUBLISH_MAIL_FROM: "Corvanta Digital website <website@corvanta.example>",
    PREVIEW_HOSTS: previewHosts,
    PREVIEW_PORTS: previewPorts,
    PREVIEW_STATE_DIR: previewState,
    PREVIEW_START: control("preview/start"),
    PREVIEW_STOP: control("preview/stop"),
    CORVANTA_RESTART: control("restart"),
    BUILD_CACHE_DIR: path.join(tmp, "build-cache"),
    // The stack's instances drain for 5 s on SIGTERM; the restart answers once the new one is ready.
    CORVANTA_DRAIN_WAIT: "1",
  };
  stack = await startStack({
    deployEnv: { ...publishEnv, SMTP_URL: `smtp://127.0.0.1:${ports.smtp}` },
    // The first release is the publisher's: main as the bare repository has it.
    // No instance runs yet (CORVANTA_INSTANCES of none: deploy/switch restarts nothing).
    firstRelease: async (env) => {
      await publishOnce({ ...env, CORVANTA_INSTANCES: " " });
      if (!existsSync(path.join(env.CORVANTA_HOME!, "current"))) {
        throw new Error(`The first run released nothing:\n${publishLog.join("\n")}`);
      }
    },
  });
  const stopStack = stack.stop;
  stack.stop = async () => {
    controlServer.close();
    await stopStack();
  };
  loop = (async () => {
    while (!stopping) {
      try {
        await publishOnce(stack.deployEnv);
      } catch (error) {
        loopErrors.push(error as Error);
      }
      if (!stopping) await sleep(intervalMs);
    }
  })();
});

after(async () => {
  stopping = true;
  await loop;
  for (const name of [...previews.keys()]) await stopPreview(name);
  mkdirSync("test-results", { recursive: true });
  writeFileSync("test-results/publish-log.txt", publishLog.join("\n"));
  await stack?.stop();
  rmSync(tmp, { recursive: true, force: true });
  console.log(
    ["| What | Measured | Target |", "| --- | --- | --- |"]
      .concat(
        timings.map(
          ({ what, seconds, target }) => `| ${what} | ${seconds} s | ${target / 60} min |`,
        ),
      )
      .join("\n"),
  );
});

describe("publishing from the repository the editor saves to", () => {
  let scheduledAt: Date;
  let badCommit: string;
  let contentCommit: string;
  /** The last good commit of main, live until the revert. */
  let scheduledCommit: string;
  /** The commit the `current` release was built from (its id ends with the short hash). */
  const currentIsBuiltFrom = (commit: string) => commit.startsWith(liveCommit().split("-").at(-1)!);

  it("a pushed content commit reaches the live site, with no command on the server", async () => {
    assert.equal((await page(livePostPath)).body.includes(originalExcerpt), true);
    editFile(livePost, (text) => text.replace(originalExcerpt, newExcerpt));
    editorGit("commit", "-qam", "Update Posts: running-an-eight-week-mvp");
    contentCommit = editorGit("rev-parse", "HEAD");
    // A second save: a post due two minutes (to the next whole minute) from now.
    scheduledAt = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
    newPost(
      "scheduled-by-the-editor",
      "A post that publishes itself",
      `publishAt: ${scheduledAt.toISOString().slice(0, 16)}Z`,
    );
    editorGit("add", "content/posts");
    editorGit("commit", "-qm", "Create Posts: scheduled-by-the-editor");
    scheduledCommit = editorGit("rev-parse", "HEAD");
    const pushed = Date.now();
    editorGit("push", "-q", "origin", "main");
    await measure("push to live", pushed, 5, async () => {
      const answer = await page(livePostPath);
      assert.ok(answer.body.includes(newExcerpt), "the new excerpt is live");
    });
    // The rolling restart ends, and the publisher notes what it released.
    await waitFor(
      () => assert.equal(publishState().live.commit, scheduledCommit),
      120_000,
      "the release recorded",
    );
    // The scheduled post is built in, and left out: not yet listed, its address 404.
    assert.equal((await page("/blog/scheduled-by-the-editor")).status, 404);
    assert.ok(!(await page("/blog")).body.includes("A post that publishes itself"));
    assert.deepEqual(
      publishState().live.waiting.map((entry) => [entry.file, entry.publishAt]),
      [["content/posts/scheduled-by-the-editor.md", scheduledAt.toISOString()]],
    );
  });

  it("a branch gets its own preview, showing its change and its drafts, noindex; it goes with the branch", async () => {
    editorGit("checkout", "-qb", "keystatic/summer-campaign");
    editFile(livePost, (text) =>
      text.replace(
        newExcerpt,
        "A proposed excerpt, seen on the preview only, never on the live site before it is merged.",
      ),
    );
    newPost("draft-in-review", "A draft the reviewers read first", "draft: true");
    editorGit("add", "content/posts");
    editorGit(
      "commit",
      "-qm",
      "Update Posts: running-an-eight-week-mvp, Create Posts: draft-in-review",
    );
    const pushed = Date.now();
    editorGit("push", "-q", "origin", "keystatic/summer-campaign");
    editorGit("checkout", "-q", "main");
    await measure("branch to preview", pushed, 10, async () => {
      const draft = await getPreview("keystatic-summer-campaign", "/blog/draft-in-review");
      assert.equal(draft.status, 200);
      assert.ok(draft.body.includes("A draft the reviewers read first"));
    });
    // The editors hear of its address once.
    const previewUrl = `https://${previewHosts.replace("*", "keystatic-summer-campaign")}/`;
    await waitFor(
      () => assert.ok(stack.smtp.messages.some((mail) => mail.text.includes(previewUrl))),
      120_000,
      "the preview's e-mail",
    );
    const preview = await getPreview("keystatic-summer-campaign", livePostPath);
    assert.ok(preview.body.includes("A proposed excerpt, seen on the preview only"));
    assert.match(String(preview.headers["x-robots-tag"]), /noindex/);
    await photograph("preview.png", {
      url: `https://${previewHosts.replace("*", "keystatic-summer-campaign")}/blog/draft-in-review`,
    });
    // Its canonical links name the preview's own address.
    assert.ok(preview.body.includes("https://keystatic-summer-campaign.preview.localhost:"));
    // The scheduled post shows on the preview before its time, as a draft does.
    assert.equal(
      (await getPreview("keystatic-summer-campaign", "/blog/scheduled-by-the-editor")).status,
      200,
    );
    // Nothing of it on the live site.
    assert.equal((await page("/blog/draft-in-review")).status, 404);
    assert.ok((await page(livePostPath)).body.includes(newExcerpt));

    editorGit("push", "-q", "origin", "--delete", "keystatic/summer-campaign");
    await waitFor(
      async () => {
        assert.equal(
          existsSync(path.join(stack.home, "previews/keystatic-summer-campaign")),
          false,
        );
        assert.equal(
          existsSync(path.join(stack.home, "proxy/previews/keystatic-summer-campaign.caddy")),
          false,
        );
      },
      // At the next run, or after the build in progress.
      300_000,
      "the preview removed",
    );
    await assert.rejects(getPreview("keystatic-summer-campaign", "/"));
  });

  it("a commit with a content error never reaches the site, which keeps serving, and the editors get its file, line and message", async () => {
    const mailsBefore = stack.smtp.messages.length;
    const tooLong = `${newExcerpt} It goes on for longer than a search result shows, which the rules of the site do not allow.`;
    editFile(livePost, (text) => text.replace(newExcerpt, tooLong));
    editorGit("commit", "-qam", "Update Posts: running-an-eight-week-mvp");
    badCommit = editorGit("rev-parse", "HEAD");
    editorGit("push", "-q", "origin", "main");
    await waitFor(() => stack.smtp.waitFor(mailsBefore + 1), 180_000, "the e-mail");
    const mail = await simpleParser(stack.smtp.messages[mailsBefore]!.raw);
    const line =
      readFileSync(path.join(editor, livePost), "utf8")
        .split("\n")
        .findIndex((text) => text.startsWith("excerpt:")) + 1;
    assert.match(
      mail.subject ?? "",
      /^Not published: 1 problem in content\/posts\/running-an-eight-week-mvp\.md/,
    );
    assert.deepEqual(stack.smtp.messages[mailsBefore]!.recipients.sort(), [
      "editors@corvanta.example",
      "lead-editor@corvanta.example",
    ]);
    assert.ok(
      mail.text?.includes(
        `content/posts/running-an-eight-week-mvp.md, line ${line}, excerpt: must be at most 160 characters long, got ${tooLong.length}`,
      ),
      mail.text,
    );
    assert.ok(mail.text?.includes(badCommit.slice(0, 7)) && mail.text.includes("Keystatic"));
    await photograph("not-published-mail.png", { mail });
    assert.equal(publishState().refused, badCommit);
    // The live release is the last good commit's, and serves.
    assert.ok(currentIsBuiltFrom(scheduledCommit));
    assert.equal(publishState().live.commit, scheduledCommit);
    for (const pathname of ["/", "/blog", livePostPath]) {
      const answer = await page(pathname);
      assert.equal(answer.status, 200, pathname);
      assert.ok(!answer.body.includes("It goes on for longer"), pathname);
    }
    // Refused once, not every minute.
    await sleep(intervalMs * 2);
    assert.equal(stack.smtp.messages.length, mailsBefore + 1);
  });

  it("the post scheduled two minutes ahead appears on its own at its time", async () => {
    // A run that is building the preview when the time comes finishes it first.
    await measure("publishAt to live", scheduledAt.getTime(), 8, async () => {
      const answer = await page("/blog/scheduled-by-the-editor");
      assert.equal(answer.status, 200);
    });
    await waitFor(
      () => assert.deepEqual(publishState().live.waiting, []),
      120_000,
      "the release recorded",
    );
    // Each instance (Caddy takes turns) lists it.
    for (const instance of ports.instances) {
      assert.ok((await page("/blog")).body.includes("A post that publishes itself"), `${instance}`);
    }
    // Built from the commit that was live: main's refused commit is still out.
    assert.equal(publishState().live.commit, scheduledCommit);
    assert.ok(currentIsBuiltFrom(scheduledCommit));
    assert.ok(!(await page(livePostPath)).body.includes("It goes on for longer"));
    assert.equal(publishState().refused, badCommit);
  });

  it("a revert brings the previous content back", async () => {
    // The two undos an editor makes with GitHub's "Revert" (or the editor's history).
    editorGit("revert", "--no-edit", badCommit);
    editorGit("revert", "--no-edit", contentCommit);
    const pushed = Date.now();
    editorGit("push", "-q", "origin", "main");
    await measure("revert to live", pushed, 5, async () => {
      const answer = await page(livePostPath);
      assert.ok(answer.body.includes(originalExcerpt), "the original excerpt is back");
    });
    const reverted = editorGit("rev-parse", "HEAD");
    await waitFor(
      () => assert.equal(publishState().live.commit, reverted),
      120_000,
      "the release recorded",
    );
    // The later save stays.
    assert.equal((await page("/blog/scheduled-by-the-editor")).status, 200);
    assert.deepEqual(loopErrors, []);
  });
});
