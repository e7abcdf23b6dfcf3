import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { signFormToken } from "../../server/forms/form-token";

/**
 * What the fault-injection tests (issue 15) need: the production server as a
 * process of its own, and a PostgreSQL cluster of their own that they can
 * pause, stop and start again, which the shared test server of
 * TEST_DATABASE_URL must never be.
 */

/** The secret the servers started here sign form tokens with: the e2e one, so browser tests can post. */
export const formTokenSecret =
  process.env.E2E_FORM_TOKEN_SECRET ?? "fault-tests-form-token-secret-0123456789";

/** A contact form's token from a form rendered a minute ago, as a visitor would send it. */
export const humanToken = () =>
  signFormToken(formTokenSecret, new Date(Date.now() - 60_000), "contact");

export type LogLine = { level: string; msg: string; component?: string; [key: string]: unknown };

export type ServerProcess = {
  url: string;
  port: number;
  pid: number;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Its JSON log lines so far. */
  log: () => LogLine[];
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
};

/** Starts build/server/main.js on a free port; rejects with its output if it exits first. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawnServer(env);
  const port = await new Promise<number>((resolve, reject) => {
    const onData = () => {
      const found = /listening on http:\/\/[^\s/"]+:(\d+)/.exec(child.output())?.[1];
      if (found) resolve(Number(found));
    };
    child.process.stdout.on("data", onData);
    void child.exited.then((code) =>
      reject(new Error(`the server exited with ${code}:\n${child.output()}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.process.pid ?? 0,
    output: child.output,
    log: () => parseLog(child.output()),
    exited: child.exited,
    stop: async () => {
      if (child.process.exitCode === null) child.process.kill("SIGTERM");
      return child.exited;
    },
  };
}

/** The production server's process, whatever becomes of it. */
export function spawnServer(env: Record<string, string>) {
  const process_ = spawn(process.execPath, ["build/server/main.js"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      FORM_TOKEN_SECRET: formTokenSecret,
      RATE_LIMIT_MAX: "100000",
      WRITE_RATE_LIMIT_PER_MINUTE: "100000",
      SMTP_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  process_.stdout.on("data", (chunk) => (output += chunk));
  process_.stderr.on("data", (chunk) => (output += chunk));
  const exited = once(process_, "exit").then(([code]) => code as number | null);
  return { process: process_, output: () => output, exited };
}

export function parseLog(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/** Every lead's e-mail address in a database, with how often it is there. */
export async function storedEmails(url: string): Promise<Map<string, number>> {
  const client = await connectTo(url);
  try {
    const { rows } = await client.query<{ email: string }>("select email from leads");
    const counts = new Map<string, number>();
    for (const { email } of rows) counts.set(email, (counts.get(email) ?? 0) + 1);
    return counts;
  } finally {
    await client.end();
  }
}

export async function connectTo(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  return client;
}

/** Resolves after `ms`. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- A PostgreSQL cluster of the tests' own -----------------------------------

/** Debian's PostgreSQL binaries (the newest installed), or undefined when there are none. */
export function postgresBinaries(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, "bin") : undefined;
}

export type PostgresCluster = {
  /** A new, empty database on the cluster, as a DATABASE_URL. */
  createDatabase: () => Promise<string>;
  /** SIGSTOP to the server and all its processes: connections are accepted by the kernel, nothing answers. */
  pause: () => void;
  /** SIGCONT to all of them. */
  resume: () => void;
  /** pg_ctl stop -m fast: connections are refused. */
  stop: () => void;
  start: () => void;
  /** Resumes it and starts it if a test left it stopped. */
  restore: () => void;
  destroy: () => void;
};

/**
 * initdb and pg_ctl as `.ci/run` does: trust authentication, a Unix socket in
 * a temporary folder and no TCP port, so it collides with nothing. As root
 * (PostgreSQL refuses to run as root) the cluster belongs to the postgres user.
 */
export function startPostgresCluster(bin: string): PostgresCluster {
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "corvanta-faults-pg-"));
  if (asRoot) chownSync(dir, uidOf("postgres"), gidOf("postgres"));
  const data = path.join(dir, "data");
  const run = (command: string, args: string[]) => {
    const result = asRoot
      ? spawnSync("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args], {
          encoding: "utf8",
        })
      : spawnSync(path.join(bin, command), args, { encoding: "utf8" });
    if (result.status !== 0) {
      throw new Error(`${command} failed (${result.status}): ${result.stderr}${result.stdout}`);
    }
  };
  const start = () =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "-o",
      `-k ${dir} -c listen_addresses=''`,
      "start",
    ]);
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres"]);
  start();

  const serverPids = () => {
    const pidFile = path.join(data, "postmaster.pid");
    if (!existsSync(pidFile)) return [];
    const postmaster = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    const children = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // /proc/PID/stat: "pid (name) state ppid ..."; the name may hold spaces.
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  };
  let paused: number[] = [];
  const resume = () => {
    for (const pid of paused.reverse()) {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // gone already
      }
    }
    paused = [];
  };
  const baseUrl = (database: string) =>
    `postgres://postgres@localhost/${database}?host=${encodeURIComponent(dir)}`;

  return {
    async createDatabase() {
      const name = `faults_${randomBytes(5).toString("hex")}`;
      const client = await connectTo(baseUrl("postgres"));
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return baseUrl(name);
    },
    pause() {
      // The postmaster first, so it forks no new backend while the others stop.
      paused = [];
      for (const pid of serverPids()) {
        try {
          process.kill(pid, "SIGSTOP");
          paused.push(pid);
        } catch (error) {
          // A backend that exited between the listing and the signal (the
          // session that just created the test's database, say) needs no pause.
          if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
        }
      }
    },
    resume,
    stop: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    start,
    restore() {
      resume();
      if (!existsSync(path.join(data, "postmaster.pid"))) start();
    },
    destroy() {
      resume();
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function uidOf(user: string): number {
  return Number(spawnSync("id", ["-u", user], { encoding: "utf8" }).stdout.trim());
}

function gidOf(user: string): number {
  return Number(spawnSync("id", ["-g", user], { encoding: "utf8" }).stdout.trim());
}
