import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { after, describe, it } from "node:test";
import {
  canMakeNamespaces,
  createNetworkNamespace,
  type NetworkNamespace,
} from "./network-namespace";

/*
 * Issue 41, defect 1: `npm run dev` listened on every interface, so another
 * machine could write files through the editing API and download the lead
 * database through Vite. Here a second network namespace stands for that
 * machine: it reaches nothing by default, and with HOST=0.0.0.0 it gets 403
 * for the editor's API and for data/.
 */

const port = Number(process.env.DEV_NETWORK_TEST_PORT ?? 3397);
const started: ChildProcess[] = [];
let probe: NetworkNamespace | undefined;

after(() => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
  probe?.remove();
});

async function startDevServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn("npx", ["tsx", "server/dev.ts"], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  started.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (!/Local:/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`dev server: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  process.kill(-child.pid!, "SIGTERM");
  await once(child, "exit");
}

/** The status another machine gets for `path`, "000" when nothing answers. */
function statusFromOutside(path: string): string {
  const { stdout } = probe!.run("curl", [
    "-s",
    "-m",
    "20",
    "-o",
    "/dev/null",
    "-w",
    "%{http_code}",
    `http://${probe!.hostAddress}:${port}${path}`,
  ]);
  return stdout.trim();
}

describe(
  "npm run dev, seen from another machine",
  { skip: !canMakeNamespaces() && "needs root and iproute2" },
  () => {
    it("answers nothing by default: it listens on loopback", async () => {
      probe = createNetworkNamespace("corvdev", 77);
      const dev = await startDevServer({ HOST: "" });
      try {
        assert.equal(statusFromOutside("/"), "000");
        assert.equal(statusFromOutside("/api/keystatic/tree"), "000");
      } finally {
        await stop(dev);
      }
    });

    it("opened with HOST=0.0.0.0, refuses the editing API and data/ with 403", async () => {
      const dev = await startDevServer({ HOST: "0.0.0.0" });
      try {
        assert.equal(statusFromOutside("/data/corvanta.db"), "403");
        assert.equal(statusFromOutside("/api/keystatic/tree"), "403");
        assert.equal(statusFromOutside("/api/keystatic/update/main"), "403");
        assert.equal(statusFromOutside("/.env"), "403");
        // The site itself answers, so the refusals above are the guard's, not a dead port.
        assert.equal(statusFromOutside("/about"), "200");
      } finally {
        await stop(dev);
      }
    });
  },
);
