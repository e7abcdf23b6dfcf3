import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";

/**
 * The production server (build/server/main.js) as the benchmark and scan
 * scripts run it: built first when stale, started on a loopback port, stopped
 * with SIGTERM. Its log goes nowhere, but it is still written: what it costs
 * is part of what the benchmarks measure.
 */
export type ProductionServer = {
  url: string;
  pid: number;
  stop: () => Promise<void>;
};

/**
 * The Node options `npm start` runs the server with (docs/decisions/064), read
 * from its script in package.json, where they are written once, so a benchmark
 * measures the server as it is started. (npm 11 warns on every command about
 * keys of package.json's "config", and says they stop working in npm 12.)
 */
export function serverNodeOptions(): string[] {
  const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
    scripts: { start: string };
  };
  return nodeOptionsBefore("build/server/main.js", manifest.scripts.start);
}

/**
 * The environment `npm start` sets for the server (docs/decisions/090), read from the same script:
 * the `NAME=value` words just before `node`.
 */
export function serverEnvironment(): Record<string, string> {
  const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
    scripts: { start: string };
  };
  return environmentBefore("build/server/main.js", manifest.scripts.start);
}

/** `A=1 B=2 node … entry` gives { A: "1", B: "2" }. */
export function environmentBefore(entry: string, commandLine: string): Record<string, string> {
  const words = commandLine.split(/\s+/);
  const entryAt = words.findIndex((word) => word.endsWith(entry));
  const nodeAt = words.slice(0, entryAt).findLastIndex((word) => /(^|\/)node$/.test(word));
  const assignments: Record<string, string> = {};
  for (let at = nodeAt - 1; at >= 0; at--) {
    const [, name, value] = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(words[at] ?? "") ?? [];
    if (!name) break;
    assignments[name] = value ?? "";
  }
  return assignments;
}

/** The options between `node` and the entry in a command line: `node --a --b entry` gives ["--a", "--b"]. */
export function nodeOptionsBefore(entry: string, commandLine: string): string[] {
  const words = commandLine.split(/\s+/);
  const entryAt = words.findIndex((word) => word.endsWith(entry));
  const nodeAt = words.slice(0, entryAt).findLastIndex((word) => /(^|\/)node$/.test(word));
  if (entryAt < 0 || nodeAt < 0) throw new Error(`no "node … ${entry}" in: ${commandLine}`);
  return words.slice(nodeAt + 1, entryAt);
}

export function ensureBuild(): void {
  const built = spawnSync("npx", ["tsx", "scripts/ensure-build.ts"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

export async function startProductionServer({
  port,
  env = {},
  entry = "build/server/main.js",
}: {
  port: number;
  env?: Record<string, string>;
  /** Another build's entry, to compare builds in one run (bench:interactive --build-dir). */
  entry?: string;
}): Promise<ProductionServer> {
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...serverNodeOptions(), entry], {
    env: { ...process.env, ...serverEnvironment(), PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = once(server, "exit");
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill("SIGTERM");
    await exited;
  };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, pid: server.pid ?? 0, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error("the server did not start within 30 s");
}
