import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { formTokenSecret, postgresBinaries, sleep, startPostgresCluster } from "../faults/support";
import { createScratchProject } from "../support/dev-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/*
 * The deploy recipe run for real on loopback (npm run test:deploy): a release
 * made by deploy/release, Debian's Caddy with deploy/Caddyfile and `tls
 * internal`, two instances of the release on one throwaway PostgreSQL, and an
 * SMTP sink. Ports come from DEPLOY_TEST_PORT (3843 by default) upwards.
 */

const basePort = Number(process.env.DEPLOY_TEST_PORT ?? 3843);
export const ports = {
  https: basePort,
  http: basePort + 1,
  admin: basePort + 2,
  smtp: basePort + 3,
  instances: [basePort + 4, basePort + 5],
  metrics: [basePort + 6, basePort + 7],
};
export const origin = `https://localhost:${ports.https}`;

/** What Caddy's `tls internal` CA, the instances and the test share. */
export type Stack = {
  home: string;
  databaseUrl: string;
  /** A new, empty database on the same PostgreSQL. */
  createDatabase: () => Promise<string>;
  /** The PostgreSQL server itself: `pg_ctl stop -m fast` (connections refused) and start. */
  postgres: { stop: () => void; start: () => void };
  smtp: SmtpSink;
  /** Trusts Caddy's local CA; keeps up to 50 connections alive. */
  agent: Agent;
  instances: Instance[];
  /** Runs a deploy script (deploy/release, deploy/rollback) against this stack. */
  deploy: (command: string, ...args: string[]) => Promise<void>;
  /** The deploy scripts' environment (CORVANTA_HOME, the proxy's reload, the instances' ports). */
  deployEnv: NodeJS.ProcessEnv;
  /** Everything the instances and Caddy logged, for a failure's message. */
  logs: () => string;
  stop: () => Promise<void>;
};

export type Instance = {
  port: number;
  /** SIGTERM, wait for the exit, start again on the current release, wait until ready. */
  restart: () => Promise<void>;
  kill: (signal: NodeJS.Signals) => Promise<void>;
  start: () => Promise<void>;
  output: () => string;
};

/**
 * A child's output, line by line, less the lines `leaveOut` picks: the access
 * lines of answered requests. Caddy and the instances write one per request,
 * 200,000 and more a run on a fast machine: kept, they passed V8's longest
 * string (RangeError: Invalid string length, 2026-11-27).
 */
function collectOutput(child: ChildProcess, leaveOut: (line: string) => boolean) {
  let output = "";
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      if (!leaveOut(line)) output += `${line}\n`;
    });
  }
  return () => output;
}

/** Caddy's access line for an answered request. */
const isCaddyAccessLine = (line: string) =>
  line.includes('"logger":"http.log.access') && line.includes('"level":"info"');
/** An instance's access line for a request answered below 500 (server/core/log.ts logs a 5xx at error, and it stays). */
const isInstanceAccessLine = (line: string) =>
  line.includes('"msg":"request"') && line.includes('"level":"info"');

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

export type StackOptions = {
  /** Settings added to the deploy scripts' environment. */
  deployEnv?: NodeJS.ProcessEnv;
  /**
   * Makes the first release, before Caddy and the instances run (given the
   * deploy scripts' environment with nothing to reload or restart); by default
   * deploy/release of this checkout. The publish test has deploy/publish make it.
   */
  firstRelease?: (env: NodeJS.ProcessEnv) => Promise<void>;
};

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("PostgreSQL's binaries are missing (apt-get install postgresql)");
  // Whatever has started is stopped again, in reverse, if a later part fails.
  const cleanups: (() => unknown)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const home = mkdtempSync(path.join(tmpdir(), "corvanta-deploy-"));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const state = path.join(home, "state");
    mkdirSync(state);
    const cluster = startPostgresCluster(bin);
    cleanups.push(() => cluster.destroy());
    const databaseUrl = await cluster.createDatabase();
    const smtp = await startSmtpSink(ports.smtp);
    cleanups.push(() => smtp.close());

    const caddyEnv = {
      ...process.env,
      CORVANTA_HOME: home,
      CORVANTA_TLS: "internal",
      CORVANTA_SITE_ADDRESS: `localhost:${ports.https}`,
      // https_port stays 443 (nothing listens there): Caddy 2.6's http->https
      // redirect names the site's port only when it differs from https_port.
      CORVANTA_HTTP_PORT: String(ports.http),
      CORVANTA_CADDY_ADMIN: `localhost:${ports.admin}`,
      CORVANTA_CADDY_STORAGE: path.join(home, "caddy"),
      CORVANTA_UPSTREAMS: ports.instances.map((port) => `127.0.0.1:${port}`).join(" "),
    };
    const deployEnv = {
      ...caddyEnv,
      SITE_URL: origin,
      CORVANTA_ENV_FILE: "/nonexistent",
      CORVANTA_RELOAD_PROXY: `caddy reload --adapter caddyfile --config deploy/Caddyfile --address localhost:${ports.admin}`,
      CORVANTA_INSTANCES: ports.instances.join(" "),
      ...options.deployEnv,
    };
    // The test restarts its own instances: --no-restart.
    // Not spawnSync: the test's request loop goes on while it builds and switches.
    const deploy = async (command: string, ...args: string[]) => {
      const child = spawn(command, [...args, "--no-restart"], {
        env: deployEnv,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      const [code] = (await once(child, "exit")) as [number | null];
      if (code !== 0) throw new Error(`${command} failed (${code}):\n${output}`);
      process.stdout.write(
        output
          .split("\n")
          .filter((line) => !line.startsWith("Prerender"))
          .join("\n"),
      );
    };
    // The first release, before Caddy runs: nothing to reload or restart yet.
    // Unless the test brings its own, it is built from a scratch copy of the
    // checkout, as a server builds from its own clone: the developer's build/
    // (made for http://localhost:3000) is left as it was, so `npm start`
    // still starts after the test (issue 43).
    const firstEnv = { ...deployEnv, CORVANTA_RELOAD_PROXY: "true", CORVANTA_RESTART: "true" };
    if (options.firstRelease) await options.firstRelease(firstEnv);
    else {
      const scratch = createScratchProject();
      cleanups.push(() => scratch.remove());
      process.stdout.write(
        run(path.join(scratch.root, "deploy/release"), ["--no-restart"], firstEnv),
      );
    }

    const earlierLogs: string[] = [];
    const caddy = spawn(
      "caddy",
      ["run", "--adapter", "caddyfile", "--config", "deploy/Caddyfile"],
      { env: caddyEnv, stdio: ["ignore", "pipe", "pipe"] },
    );
    const caddyLog = collectOutput(caddy, isCaddyAccessLine);
    const caddyExit = once(caddy, "exit");
    cleanups.push(async () => {
      if (caddy.exitCode === null) caddy.kill("SIGTERM");
      await caddyExit;
    });

    const instances = ports.instances.map((port, index) =>
      createInstance(
        port,
        {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          SITE_URL: origin,
          DATABASE_URL: databaseUrl,
          LEAD_SPOOL_FILE: path.join(state, `spool-${port}.db`),
          SMTP_URL: smtp.url,
          TRUST_PROXY: "loopback",
          SHUTDOWN_DRAIN_MS: "5000",
          OUTBOX_LEASE_SECONDS: "15",
          METRICS_PORT: String(ports.metrics[index]),
          FORM_TOKEN_SECRET: formTokenSecret,
          RATE_LIMIT_MAX: "100000",
          WRITE_RATE_LIMIT_PER_MINUTE: "100000",
          LOG_LEVEL: "info",
        },
        home,
        state,
        earlierLogs,
      ),
    );
    cleanups.push(() => Promise.all(instances.map((instance) => instance.kill("SIGTERM"))));
    // Together, on the empty database: one runs the migrations while the other waits on
    // Kysely's advisory lock (the test "migrations ran once" checks the history).
    await Promise.all(instances.map((instance) => instance.start()));

    // Read again on each try: Caddy may be writing its CA's certificate.
    let agent: Agent | undefined;
    await waitFor(
      async () => {
        if (caddy.exitCode !== null) throw new Error(`Caddy exited:\n${caddyLog()}`);
        agent?.destroy();
        const ca = readFileSync(path.join(home, "caddy/pki/authorities/local/root.crt"));
        agent = new Agent({ keepAlive: true, maxSockets: 50, ca });
        const { status } = await get(agent, "/readyz");
        if (status !== 200) throw new Error(`status ${status}`);
      },
      30_000,
      `Caddy on ${origin}`,
    );
    cleanups.push(() => agent?.destroy());

    const logs = () =>
      [...earlierLogs, instances.map((instance) => instance.output()).join("\n"), caddyLog()].join(
        "\n",
      );
    return {
      home,
      databaseUrl,
      createDatabase: () => cluster.createDatabase(),
      postgres: { stop: () => cluster.stop(), start: () => cluster.start() },
      smtp,
      agent: agent!,
      instances,
      deploy,
      deployEnv,
      logs,
      async stop() {
        // The instances' and Caddy's logs stay for a failure's reader.
        mkdirSync("test-results", { recursive: true });
        writeFileSync("test-results/deploy-logs.txt", logs());
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function createInstance(
  port: number,
  env: NodeJS.ProcessEnv,
  home: string,
  cwd: string,
  logs: string[],
): Instance {
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let output = () => "";
  const start = async () => {
    child = spawn(process.execPath, [path.join(home, "current/build/server/main.js")], {
      env,
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    output = collectOutput(child, isInstanceAccessLine);
    exited = once(child, "exit");
    await waitFor(
      async () => {
        if (child?.exitCode !== null) throw new Error(`exited:\n${output()}`);
        const response = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (response.status !== 200) throw new Error(`readyz ${response.status}`);
      },
      60_000,
      `instance ${port}`,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; its output so far:\n${output()}`);
    });
  };
  const kill = async (signal: NodeJS.Signals) => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    logs.push(output());
  };
  return {
    port,
    start,
    kill,
    output: () => output(),
    async restart() {
      await kill("SIGTERM");
      await start();
      // Caddy checks /readyz every second: two checks later it sends here again.
      await sleep(2_500);
    },
  };
}

/** Retries `attempt` until it resolves, up to `ms`. */
export async function waitFor<T>(
  attempt: () => T | Promise<T>,
  ms: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${what} not there after ${ms} ms: ${(error as Error).message}`);
      await sleep(200);
    }
  }
}

export type Answer = {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
};

/** One request through the TLS front; rejects with the socket's error code on a failure. */
/** A form post through the front, as a browser on the site's origin sends it. */
export function postForm(agent: Agent, pathname: string, body: string): Promise<Answer> {
  return get(agent, pathname, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(body)),
      Origin: origin,
    },
  });
}

export function get(
  agent: Agent,
  pathname: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}${pathname}`,
      {
        agent,
        method: options.method ?? "GET",
        headers: { "Accept-Encoding": "br, gzip", ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("latin1"),
            headers: res.headers,
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () =>
      req.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })),
    );
    // Node marks a request sent on a kept-alive socket: a server may have closed
    // that socket just as the request left (a browser then retries a GET).
    req.on("error", (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.end(options.body);
  });
}
