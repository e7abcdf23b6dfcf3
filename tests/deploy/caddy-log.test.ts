import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { Agent, request } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { after, it } from "node:test";

/*
 * Issue 41, defect 9: Caddy's access log kept whole URIs, so the cancellation tokens of
 * registration e-mails (and a page's address in the Referer of what it loads) landed in the
 * journal. deploy/Caddyfile as production runs it, in front of a stand-in instance, on ports of
 * the test's own: the log it writes after requests that carry a token holds no token.
 */

const base = Number(process.env.CADDY_LOG_TEST_PORT ?? 3930);
const ports = { https: base, http: base + 1, admin: base + 2, instances: [base + 3, base + 4] };
const token = "c2VjcmV0LWNhbmNlbC10b2tlbi1vZi1hLXRlc3Q.Zm9vYmFy";
const cleanups: (() => unknown)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

it(
  "Caddy's access log keeps no query: no cancellation token, in the address or the Referer",
  { timeout: 60_000 },
  async () => {
    const home = mkdtempSync(path.join(tmpdir(), "corvanta-caddy-log-"));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    // What deploy/switch writes for the build's files; none are needed here (Caddy takes no empty
    // file, so it removes a header no one sends).
    mkdirSync(path.join(home, "proxy"));
    writeFileSync(path.join(home, "proxy/site.caddy"), "header -X-Stand-In\n");

    for (const port of ports.instances) {
      const instance = createServer((_req, res) => res.end("ok"));
      instance.listen(port, "127.0.0.1");
      await once(instance, "listening");
      cleanups.push(() => instance.close());
    }

    const caddy = spawn(
      "caddy",
      ["run", "--adapter", "caddyfile", "--config", "deploy/Caddyfile"],
      {
        env: {
          ...process.env,
          CORVANTA_HOME: home,
          CORVANTA_TLS: "internal",
          CORVANTA_SITE_ADDRESS: `localhost:${ports.https}`,
          CORVANTA_HTTP_PORT: String(ports.http),
          CORVANTA_CADDY_ADMIN: `localhost:${ports.admin}`,
          CORVANTA_CADDY_STORAGE: path.join(home, "caddy"),
          CORVANTA_UPSTREAMS: ports.instances.map((port) => `127.0.0.1:${port}`).join(" "),
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const exited = once(caddy, "exit");
    cleanups.push(async () => {
      if (caddy.exitCode === null) caddy.kill("SIGTERM");
      await exited;
    });
    const lines: string[] = [];
    for (const stream of [caddy.stdout, caddy.stderr]) {
      createInterface({ input: stream }).on("line", (line) => lines.push(line));
    }

    const cancelPath = `/events/reconciliation-round-table-london/cancel?token=${token}`;
    const get = (agent: Agent, pathname: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: "localhost", port: ports.https, path: pathname, headers, agent },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.end();
      });

    let status = 0;
    for (const deadline = Date.now() + 30_000; status !== 200;) {
      assert.equal(caddy.exitCode, null, `Caddy exited:\n${lines.join("\n")}`);
      try {
        const ca = readFileSync(path.join(home, "caddy/pki/authorities/local/root.crt"));
        status = await get(new Agent({ ca }), cancelPath);
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const ca = readFileSync(path.join(home, "caddy/pki/authorities/local/root.crt"));
    // A page the cancellation page loads names it in its Referer (strict-origin-when-cross-origin).
    const fromPage = await get(new Agent({ ca }), "/assets/app.css?v=1", {
      referer: `https://localhost:${ports.https}${cancelPath}`,
    });
    assert.equal(fromPage, 200);

    const accessLines = () => lines.filter((line) => line.includes('"logger":"http.log.access'));
    for (const deadline = Date.now() + 10_000; accessLines().length < 2;) {
      assert.ok(Date.now() < deadline, `no access lines:\n${lines.join("\n")}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const logged = accessLines().map((line) => JSON.parse(line) as { request: { uri: string } });
    assert.ok(logged.some((line) => line.request.uri.startsWith("/events/")));
    assert.ok(logged.some((line) => line.request.uri.startsWith("/assets/app.css")));
    assert.deepEqual(
      lines.filter((line) => line.includes(token.slice(0, 20))),
      [],
      "a line of Caddy's log holds the token",
    );
  },
);
