import { spawn } from "node:child_process";
import { once } from "node:events";
import { Agent, get as httpGet, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { signFormToken } from "../../server/forms/form-token";
import { formFields } from "../support/contact-posts";
import { createTestDatabase } from "../support/test-databases";
import { postForm, rawRequest } from "./contact-support";
import { expect, test } from "./fixtures";

// The production entry (build/server/main.js) as an operator runs it.

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
  // Port 0: the system picks a free port, read back from the start-up line, so
  // parallel runs on one machine never answer each other's health check.
  const server = startProductionServer({ PORT: "0" });
  // Start-up is not what this measures: on a busy machine it can take seconds.
  await expect
    .poll(() => /listening on http:\/\/[^\s/"]+:(\d+)/.test(server.output()), { timeout: 30_000 })
    .toBe(true);
  const port = Number(/listening on http:\/\/[^\s/"]+:(\d+)/.exec(server.output())?.[1]);
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/about`)).status).toBe(200);

  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('"signal":"SIGTERM"');
  expect(server.output()).toContain("Shutdown complete");
});

test("on SIGTERM /healthz (the balancer's check) and /readyz answer 503 at once while pages are still served for the drain", async () => {
  const server = await listeningServer({ SHUTDOWN_DRAIN_MS: "8000" });
  // The start-up line names the address it listens on, not localhost.
  expect(server.output()).toContain(`listening on http://127.0.0.1:${server.port}`);
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

  server.child.kill("SIGTERM");
  // A proxy's health check sees the instance going, while it still answers what it is sent.
  await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status).toBe(503);
  expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
  const page = await fetch(`${server.url}/about`);
  expect(page.status).toBe(200);
  expect(page.headers.get("connection")).toBe("close");
  expect(await server.exited).toBe(0);
  // The health checks' 503 is no error: a restart logs none.
  expect(server.output()).not.toContain('"level":"error"');
});

test("the built server runs React Router's production build whatever NODE_ENV the shell had", async () => {
  const server = await listeningServer({ NODE_ENV: "development" });
  expect((await fetch(`${server.url}/about`)).status).toBe(200);
  expect(server.output()).toContain("NODE_ENV=development ignored");
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
});

test("a wrong PORT stops the server with a message that names it", async () => {
  const server = startProductionServer({ PORT: "eighty" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toMatch(/PORT/);
  expect(server.output()).not.toMatch(/\n\s+at /);
});

/** Starts the production server on a free port and resolves with its URL once it listens. */
async function listeningServer(env: Record<string, string>) {
  const server = startProductionServer({ PORT: "0", ...env });
  await expect
    .poll(() => /listening on http:\/\/[^\s/"]+:(\d+)/.test(server.output()), { timeout: 30_000 })
    .toBe(true);
  const port = Number(/listening on http:\/\/[^\s/"]+:(\d+)/.exec(server.output())?.[1]);
  return { ...server, url: `http://127.0.0.1:${port}`, port };
}

/** The server's access lines (server/core/log.ts), parsed. */
function accessLines(output: string) {
  return output
    .split("\n")
    .filter((line) => line.includes('"component":"http"'))
    .map(
      (line) =>
        JSON.parse(line) as {
          method: string;
          path: string;
          status: number;
          aborted?: boolean;
          ip?: string;
        },
    );
}

test("behind a proxy, each access line names its request's client, on one keep-alive connection too", async () => {
  const server = await listeningServer({ TRUST_PROXY: "1", LOG_LEVEL: "info" });
  // One connection for every request: the address is worked out per connection and header.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (forwardedFor?: string) =>
    new Promise<void>((resolve, reject) => {
      const request = httpGet(
        `${server.url}/about?client=${forwardedFor ?? "none"}`,
        { agent, headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} },
        (response) => response.resume().on("end", resolve),
      );
      request.on("error", reject);
    });
  try {
    for (const forwardedFor of ["203.0.113.1", "203.0.113.1", "203.0.113.2", undefined])
      await get(forwardedFor);
    await expect
      .poll(() => accessLines(server.output()).filter((line) => line.path.startsWith("/about")))
      .toHaveLength(4);
    const lines = accessLines(server.output()).filter((line) => line.path.startsWith("/about"));
    expect(lines.map((line) => line.ip)).toEqual([
      "203.0.113.1",
      "203.0.113.1",
      "203.0.113.2",
      "127.0.0.1",
    ]);
  } finally {
    agent.destroy();
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

test("a client that sends its headers one byte at a time is dropped", async () => {
  const server = await listeningServer({ HEADERS_TIMEOUT_MS: "1000" });
  try {
    const request = `GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${"a".repeat(400)}\r\n\r\n`;
    const socket = connect(server.port, "127.0.0.1");
    await once(socket, "connect");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    // A byte written after the server hung up may be answered with a reset:
    // that is the drop under test, not a failure (the 408 is checked below).
    socket.on("error", () => undefined);
    // Not events.once: it rejects on the socket's "error", and a reset is expected here.
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    let sent = 0;
    let open = true;
    void closed.then(() => (open = false));
    // A byte every 20 ms: the whole request would take over 8 s.
    while (open && sent < request.length) {
      socket.write(request[sent]!);
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await closed;
    expect(sent, "the server hung up before the headers were complete").toBeLessThan(
      request.length,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // The server itself is fine.
    expect((await fetch(`${server.url}/about`)).status).toBe(200);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});

test("SIGTERM under a stream of requests: in-flight requests finish, every acknowledged lead is stored", async () => {
  test.slow();
  const database = await createTestDatabase("sqlite");
  const secret = "sigterm-test-form-token-secret-0123456789";
  try {
    const server = await listeningServer({
      DATABASE_URL: database.url,
      FORM_TOKEN_SECRET: secret,
      RATE_LIMIT_MAX: "100000",
      WRITE_RATE_LIMIT_PER_MINUTE: "100000",
      SMTP_URL: "",
    });
    const token = () => signFormToken(secret, new Date(Date.now() - 60_000), "contact");

    // A stream: four clients reading pages and posting enquiries until the server is gone.
    type Outcome = { email?: string; status?: number; error?: string };
    const outcomes: Outcome[] = [];
    let stopped = false;
    const clients = Array.from({ length: 4 }, async (_, client) => {
      for (let n = 0; !stopped; n++) {
        const email = n % 3 === 2 ? `stream-${client}-${n}@e2e.example` : undefined;
        try {
          const response = email
            ? await postForm(`${server.url}/contact`, formFields(token(), { email }))
            : await rawRequest(`${server.url}${n % 3 ? "/events" : "/about"}`, { method: "GET" });
          outcomes.push({ email, status: response.status });
        } catch (error) {
          outcomes.push({ email, error: (error as NodeJS.ErrnoException).code ?? String(error) });
          stopped = true;
        }
      }
    });
    await expect.poll(() => outcomes.length, { timeout: 30_000 }).toBeGreaterThan(40);

    // Posts the server has certainly begun: it answered "100 Continue" to their headers.
    const held = Array.from({ length: 5 }, (_, n) =>
      heldPost(`${server.url}/contact`, formFields(token(), { email: `held-${n}@e2e.example` })),
    );
    await Promise.all(held.map((post) => post.continued));

    server.child.kill("SIGTERM");
    await expect.poll(() => server.output().includes('"signal":"SIGTERM"')).toBe(true);
    // Only now do the held posts send their bodies: the server is shutting down.
    const heldResponses = await Promise.all(held.map((post) => post.finish()));
    expect(heldResponses.map((response) => response.status)).toEqual([303, 303, 303, 303, 303]);

    expect(await server.exited).toBe(0);
    stopped = true;
    await Promise.all(clients);

    // Every answer the stream got was a success; a failure is only ever a
    // connection the server no longer accepted, never a request it had begun.
    for (const outcome of outcomes) {
      if (outcome.status !== undefined) expect(outcome.status).toBeLessThan(400);
      else expect(outcome.error).toMatch(/ECONNREFUSED|ECONNRESET|EPIPE|socket hang up/);
    }
    const lines = accessLines(server.output());
    expect(lines.filter((line) => line.aborted || line.status >= 500)).toEqual([]);

    const db = await database.open();
    try {
      const stored = new Set(
        (await db.selectFrom("leads").select("email").execute()).map((row) => row.email),
      );
      const acknowledged = [
        ...outcomes.filter((outcome) => outcome.email && outcome.status === 303),
        ...held.map((post) => ({ email: post.email })),
      ].map((outcome) => outcome.email!);
      expect(acknowledged.length).toBeGreaterThan(5);
      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
      // A post that failed at the connection never reached the server: no half-stored lead.
      const refused = outcomes.filter((outcome) => outcome.email && outcome.error);
      expect(refused.filter((outcome) => stored.has(outcome.email!))).toEqual([]);
    } finally {
      await db.destroy();
    }
  } finally {
    await database.drop();
  }
});

/**
 * A form post that sends its headers with "Expect: 100-continue" and holds its
 * body until `finish()`: once `continued` resolves, the server has the request.
 */
function heldPost(url: string, fields: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  const req = httpRequest(url, {
    method: "POST",
    agent: false,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(body)),
      Origin: new URL(url).origin,
      Expect: "100-continue",
    },
  });
  const continued = once(req, "continue").then(() => undefined);
  const response = new Promise<{ status: number }>((resolve, reject) => {
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on("error", reject);
  });
  req.flushHeaders();
  return {
    email: fields.email!,
    continued,
    finish: () => {
      req.end(body);
      return response;
    },
  };
}
