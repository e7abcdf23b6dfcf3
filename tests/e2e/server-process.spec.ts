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
  // Port 0: the system picks a free port, so parallel runs (other worktrees,
  // other workers) never meet on a fixed one; the start-up line names it.
  const server = startProductionServer({ PORT: "0" });
  try {
    const listeningLine = /listening on http:\/\/[^:]+:(\d+)/;
    // Start-up reads the whole build; on a busy machine that takes a while.
    await expect.poll(() => listeningLine.test(server.output()), { timeout: 30_000 }).toBe(true);
    const port = Number(listeningLine.exec(server.output())?.[1]);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/about`)).status).toBe(200);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("SIGTERM received");
  } finally {
    // A failed assertion must not leave the server running.
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
    }
  }
});

test("a wrong PORT stops the server with a message that names it", async () => {
  const server = startProductionServer({ PORT: "eighty" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toMatch(/PORT/);
  expect(server.output()).not.toMatch(/\n\s+at /);
});
