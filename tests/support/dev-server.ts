import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/*
 * `npm run dev` as a developer starts it, for the browser tests of authoring:
 * in the project itself, or in a scratch copy of it whose content/ a test may
 * change (an editor saving through /keystatic, a post broken on purpose)
 * while other tests read the real content/ at the same time.
 */

export type DevServer = {
  url: string;
  /** Everything the process printed so far, stdout and stderr together. */
  output: () => string;
  stop: () => Promise<void>;
};

const listening = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)\//;
// Vite compiles on demand, and a first start also pre-bundles packages: on a
// busy two-core machine that takes a while.
const startTimeoutMs = 120_000;

/** Starts `npm run dev` on a free loopback port in `cwd` and resolves once it prints its address. */
export async function startDevServer({
  cwd = process.cwd(),
  env = {},
  force = false,
}: {
  cwd?: string;
  env?: Record<string, string>;
  /** `-- --force`: pre-bundle the packages again, as on a fresh clone. */
  force?: boolean;
}): Promise<DevServer> {
  const child = spawn("npm", ["run", "dev", ...(force ? ["--", "--force"] : [])], {
    cwd,
    // Its own process group, so the whole tree (npm, tsx, node) stops together.
    detached: true,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = once(child, "exit");
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  };
  const url = await new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), startTimeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = listening.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
  if (!url) {
    await stop();
    throw new Error(`npm run dev did not start:\n${output}`);
  }
  return { url, output: () => output, stop };
}

export type ScratchProject = {
  /** The copy's root: its content/ is the test's own. */
  root: string;
  remove: () => void;
};

/**
 * A copy of the project's tracked files (as they are on disk) in a temporary
 * folder, with node_modules hard-linked (about 2 s; a symlink would make
 * packages resolve to the original folder) and without Vite's pre-bundle
 * cache, which each dev server writes for itself.
 */
export function createScratchProject(projectRoot = process.cwd()): ScratchProject {
  const root = mkdtempSync(path.join(tmpdir(), "corvanta-scratch-"));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: projectRoot, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of tracked) {
    const source = path.join(projectRoot, file);
    // A tracked file deleted in the working tree is left out, as git would.
    if (!existsSync(source)) continue;
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(source, target);
  }
  execFileSync("cp", ["-al", path.join(projectRoot, "node_modules"), root]);
  rmSync(path.join(root, "node_modules/.vite"), { recursive: true, force: true });
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
