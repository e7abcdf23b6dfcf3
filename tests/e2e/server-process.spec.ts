import { spawn } from "node:child_process";
import { once } from "node:events";
import { expect, test } from "./fixtures";

// The production entry (build/server/main.js) as an operator runs it.
test.beforeEach(({ viewportKind }) => test.skip(viewportKind !== "desktop", "server-only checks"));

function startProductionServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: { ...process.env, HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = once(child, "exit").then(([code]) => code as number | null);
  return { child, exited, output: () => output };
}

test("on SIGTERM the server finishes and exits with status 0", async () => {
  const port = 3190 + test.info().workerIndex;
  const server = startProductionServer({ PORT: String(port) });
  // Start-up loads the build and opens and migrates the lead database first.
  await expect
    .poll(
      async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status ?? 0,
      { timeout: 20_000 },
    )
    .toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/about`)).status).toBe(200);

  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("SIGTERM received");
});

test("a wrong PORT stops the server with a message that names it", async () => {
  const server = startProductionServer({ PORT: "eighty" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toMatch(/PORT/);
  expect(server.output()).not.toMatch(/\n\s+at /);
});
