import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";

/*
 * Helpers for the benchmark scripts: build when the sources changed, then run
 * the production server on a port of their own.
 */

/** Builds the site when it is missing or older than its sources (scripts/ensure-build.ts). */
export function ensureBuild(): void {
  const built = spawnSync("npx", ["tsx", "scripts/ensure-build.ts"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Starts build/server/main.js on 127.0.0.1:port; resolves, once it answers, to a function that stops it. */
export function startProductionServer(port: number): Promise<() => Promise<void>> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn("node", ["build/server/main.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await once(server, "exit");
  };
  return (async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return stop;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stop();
    throw new Error("the server did not start");
  })();
}
