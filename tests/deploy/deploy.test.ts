import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { request as httpRequest } from "node:http";
import { after, before, describe, it } from "node:test";
import { registrationFormFields } from "../support/registration-posts";
import { formDataOf, formFields, urlEncoded, validEnquiry } from "../support/contact-posts";
import { validateContactForm } from "~/features/contact/contact-schema";
import { signFormToken } from "../../server/forms/form-token";
import { migrations } from "../../server/db/migrations";
import { describeDatabase, parseDatabaseUrl } from "../../server/db/database";
import { createLeadSpool } from "../../server/leads/lead-spool";
import { connectTo, formTokenSecret, sleep } from "../faults/support";
import { get, origin, ports, postForm, startStack, waitFor, type Stack } from "./stack";
import { databaseOutageCheck } from "./outage";

/*
 * Issue 27's "Done when", run on loopback against the real parts: Caddy from
 * Debian with deploy/Caddyfile and `tls internal`, a release made by
 * deploy/release, two instances, one PostgreSQL, an SMTP sink (tests/deploy/stack.ts).
 */

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

/** Paths a visitor's browser asks for: server-rendered pages (the instances), prerendered ones and assets (Caddy). */
async function visitorPaths(): Promise<string[]> {
  const about = await get(stack.agent, "/about", { headers: { "Accept-Encoding": "identity" } });
  const assets = [...about.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  assert.ok(assets.length > 0, "the about page references assets");
  return [
    "/events",
    "/contact",
    "/events/reconciliation-round-table-london",
    "/about",
    "/",
    ...assets.slice(0, 3),
  ];
}

/** An enquiry as the contact form's validation makes it, for the spool. */
function spooledEnquiry(email: string) {
  const result = validateContactForm(formDataOf({ ...validEnquiry, email }));
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.enquiry;
}

type LoopResult = { requests: number; failures: Map<string, number> };

/** `connections` clients asking in turn for `paths` until `stopped()`; every answer but 2xx/3xx and every error is a failure. */
async function requestLoop(
  paths: string[],
  connections: number,
  stopped: () => boolean,
): Promise<LoopResult> {
  const result: LoopResult = { requests: 0, failures: new Map() };
  const fail = (what: string) => result.failures.set(what, (result.failures.get(what) ?? 0) + 1);
  await Promise.all(
    Array.from({ length: connections }, async (_, client) => {
      for (let n = client; !stopped(); n++) {
        const pathname = paths[n % paths.length]!;
        try {
          const { status } = await get(stack.agent, pathname);
          if (status >= 400) fail(`${status} ${pathname}`);
        } catch (error) {
          fail(`${(error as NodeJS.ErrnoException).code ?? (error as Error).message} ${pathname}`);
        }
        result.requests += 1;
      }
    }),
  );
  return result;
}

describe("the deploy recipe on loopback", () => {
  it("redirects http to https, and serves the build's files with the Node server's headers", async () => {
    const redirect = await new Promise<{ status?: number; location?: string }>((resolve, reject) =>
      httpRequest(`http://localhost:${ports.http}/about`, (res) => {
        res.resume();
        resolve({ status: res.statusCode, location: res.headers.location });
      })
        .on("error", reject)
        .end(),
    );
    assert.equal(redirect.status, 308);
    assert.equal(redirect.location, `${origin}/about`);

    // Caddy serves the build's files (an asset, robots.txt) itself, with the
    // headers the instance sends for them: one source (scripts/proxy-config.ts).
    const paths = await visitorPaths();
    for (const file of [paths.at(-1)!, "/robots.txt"]) {
      const viaProxy = await get(stack.agent, file);
      const direct = await fetch(`http://127.0.0.1:${ports.instances[0]}${file}`, {
        headers: { "Accept-Encoding": "br, gzip" },
      });
      assert.equal(viaProxy.status, 200, file);
      assert.equal(direct.status, 200, file);
      for (const name of [
        "content-security-policy",
        "strict-transport-security",
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "permissions-policy",
        "cross-origin-opener-policy",
        "cross-origin-resource-policy",
        "origin-agent-cluster",
        "cache-control",
        "content-type",
      ]) {
        assert.equal(
          viaProxy.headers[name],
          direct.headers.get(name) ?? undefined,
          `${file}: ${name}`,
        );
      }
      assert.equal(viaProxy.headers.server, undefined);
    }
    const asset = await get(stack.agent, paths.at(-1)!);
    assert.equal(asset.headers["content-encoding"], "br");
    assert.equal(asset.headers["cache-control"], "public, max-age=31536000, immutable");
  });

  it("migrations ran once when both instances started together on the empty database", async () => {
    const client = await connectTo(stack.databaseUrl);
    try {
      const { rows } = await client.query<{ name: string; times: string }>(
        "select name, count(*)::text as times from kysely_migration group by name order by name",
      );
      assert.ok(rows.length > 0);
      assert.deepEqual(
        rows.filter((row) => row.times !== "1"),
        [],
      );
      assert.deepEqual(
        rows.map((row) => row.name),
        Object.keys(migrations).sort(),
      );
    } finally {
      await client.end();
    }
  });

  it("a form token used on instance A is refused on instance B", async () => {
    const [a, b] = ports.instances as [number, number];
    const token = signFormToken(formTokenSecret, new Date(Date.now() - 60_000), "contact");
    const body = urlEncoded(formFields(token, { email: "one-token@deploy.example" }));
    const postTo = (port: number) =>
      fetch(`http://127.0.0.1:${port}/contact`, {
        method: "POST",
        body,
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: `http://127.0.0.1:${port}`,
        },
      });
    assert.equal((await postTo(a)).status, 303);
    assert.equal((await postTo(b)).status, 400);
    assert.equal((await postTo(a)).status, 400);
    const client = await connectTo(stack.databaseUrl);
    try {
      const { rows } = await client.query(
        "select id from leads where email = 'one-token@deploy.example'",
      );
      assert.equal(rows.length, 1);
    } finally {
      await client.end();
    }
  });

  it("check 6: Mozilla's HTTP Observatory, through the TLS front, passes every test", () => {
    const ca = path.join(stack.home, "caddy/pki/authorities/local/root.crt");
    const scan = spawnSync(
      "npm",
      [
        "run",
        "--silent",
        "scan:observatory",
        "--",
        "--origin",
        origin,
        "--http-port",
        String(ports.http),
        "--ca",
        ca,
      ],
      { encoding: "utf8" },
    );
    process.stdout.write(scan.stdout);
    assert.equal(scan.status, 0, `${scan.stdout}${scan.stderr}`);
    assert.match(scan.stdout, /(\d+) of \1 tests passed/);
  });

  it("check 1: 60 s at 50 connections while both instances restart in turn: no failed request, no reset", async () => {
    const paths = await visitorPaths();
    let stopped = false;
    const loop = requestLoop(paths, 50, () => stopped);
    const started = Date.now();
    await sleep(5_000);
    const restarted: number[] = [];
    for (const instance of stack.instances) {
      await instance.restart();
      restarted.push(instance.port);
    }
    await sleep(Math.max(0, 60_000 - (Date.now() - started)));
    stopped = true;
    const { requests, failures } = await loop;
    console.log(
      `check 1: ${requests} requests in ${Math.round((Date.now() - started) / 1000)} s, failures: ${JSON.stringify([...failures])}`,
    );
    assert.deepEqual(restarted, ports.instances);
    assert.ok(requests > 500, `only ${requests} requests`);
    assert.deepEqual([...failures], [], stack.logs().slice(-5_000));
    for (const instance of stack.instances) {
      assert.doesNotMatch(instance.output(), /"level":"error"/);
    }
  });

  it("database outage: PostgreSQL stopped 60 s under 30 connections: prerendered pages and assets never fail, 20 enquiries spooled and stored once, the alert fires, no restart", async () => {
    await databaseOutageCheck(stack);
  });

  it("check 3: 50 registrations for 20 seats across both instances end 20 confirmed and 30 waiting", async () => {
    const slug = "reconciliation-round-table-london";
    // A registration that cannot get the event's lock within DATABASE_TIMEOUT_MS
    // is answered 503 with the form, asking to try again: the guest does.
    const register = async (n: number) => {
      const token = signFormToken(formTokenSecret, new Date(Date.now() - 60_000), "registration");
      const body = urlEncoded(
        registrationFormFields(token, { email: `guest-${n}@deploy.example`, name: `Guest ${n}` }),
      );
      const answer = await postForm(stack.agent, `/events/${slug}`, body);
      return answer.status;
    };
    let triedAgain = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        for (let attempt = 1; ; attempt++) {
          const status = await register(n);
          if (status !== 503 || attempt === 5) return status;
          triedAgain += 1;
        }
      }),
    );
    console.log(`check 3: ${triedAgain} registrations answered 503 (database busy) and sent again`);
    assert.deepEqual(
      outcomes,
      Array.from({ length: 50 }, () => 303),
    );
    const client = await connectTo(stack.databaseUrl);
    try {
      const { rows } = await client.query<{ status: string; count: string }>(
        "select status, count(*) as count from registrations where event_slug = $1 group by status order by status",
        [slug],
      );
      assert.deepEqual(
        rows.map((row) => [row.status, Number(row.count)]),
        [
          ["confirmed", 20],
          ["waiting", 30],
        ],
      );
    } finally {
      await client.end();
    }
    // Both instances took some: each counts its own (GET /metrics on its own port).
    for (const port of ports.metrics) {
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const taken = [
        ...metrics.matchAll(/^corvanta_registrations_taken_total\{status="\w+"\} (\d+)/gm),
      ]
        .map((m) => Number(m[1]))
        .reduce((sum, count) => sum + count, 0);
      assert.ok(taken > 0, `the instance with metrics on ${port} took no registration`);
    }
  });

  it("check 5: an encrypted backup, with an enquiry spooled, restored into an empty database has every row and the enquiry", async () => {
    // Some enquiries beside check 3's registrations, through the front.
    for (let n = 0; n < 10; n++) {
      const token = signFormToken(formTokenSecret, new Date(Date.now() - 60_000), "contact");
      const body = urlEncoded(formFields(token, { email: `backup-${n}@deploy.example` }));
      const answer = await postForm(stack.agent, "/contact", body);
      assert.equal(answer.status, 303);
    }
    // One enquiry waits in a spool, in a folder of its own as /var/lib/corvanta is.
    const spoolDir = path.join(stack.home, "spool-state");
    mkdirSync(spoolDir, { mode: 0o700 });
    const spoolFile = path.join(spoolDir, "spool-3999.db");
    const spool = createLeadSpool(spoolFile, describeDatabase(parseDatabaseUrl(stack.databaseUrl)));
    spool.put({
      leadId: "00000000-0000-4000-8000-0000000000d5",
      receivedAt: new Date().toISOString(),
      tokenNonce: null,
      enquiry: spooledEnquiry("spooled@deploy.example"),
    });
    const spooledBefore = spool.waiting(100);
    spool.close();

    // The operator's key pair: the public key on the server, the identity kept elsewhere.
    const identity = path.join(stack.home, "backup.key");
    const keygen = spawnSync("age-keygen", ["-o", identity], { encoding: "utf8" });
    assert.equal(keygen.status, 0, keygen.stderr);
    const recipients = path.join(stack.home, "backup-recipients.txt");
    writeFileSync(
      recipients,
      spawnSync("age-keygen", ["-y", identity], { encoding: "utf8" }).stdout,
    );

    const backupDir = path.join(stack.home, "backup");
    const restoredUrl = await stack.createDatabase();
    const npm = (args: string[], databaseUrl: string) => {
      const result = spawnSync("npm", ["run", "--silent", ...args], {
        env: { ...process.env, DATABASE_URL: databaseUrl, LEAD_SPOOL_FILE: "off" },
        encoding: "utf8",
      });
      assert.equal(result.status, 0, `${args.join(" ")}: ${result.stdout}${result.stderr}`);
      return result.stdout;
    };
    const instanceSpools = ports.instances.flatMap((port) => [
      "--spool",
      path.join(stack.home, "state", `spool-${port}.db`),
    ]);
    const made = npm(
      [
        "backup",
        "--",
        "--out",
        backupDir,
        "--recipients-file",
        recipients,
        "--spool",
        spoolFile,
        ...instanceSpools,
      ],
      stack.databaseUrl,
    );
    // The test's spool, and each instance's if it has made one (the outage check makes them).
    const instanceSpoolsMade = instanceSpools.filter(
      (argument, index) => index % 2 === 1 && existsSync(argument),
    ).length;
    assert.match(made, new RegExp(`and ${1 + instanceSpoolsMade} spool file\\(s\\)`));
    // Encrypted: no file of it reads as a dump, a database or a lead without the key.
    for (const file of readdirSync(backupDir).filter((name) => name !== "manifest.json")) {
      const bytes = readFileSync(path.join(backupDir, file));
      assert.equal(bytes.subarray(0, 22).toString(), "age-encryption.org/v1\n", file);
      for (const plain of ["PGDMP", "SQLite format 3", "deploy.example"]) {
        assert.equal(bytes.includes(plain), false, `${file} holds ${plain}`);
      }
    }

    // The spool is lost with its machine; the restore brings it back.
    rmSync(spoolFile);
    npm(["restore", "--", "--from", backupDir, "--identity", identity], restoredUrl);
    const restoredSpool = createLeadSpool(
      spoolFile,
      describeDatabase(parseDatabaseUrl(stack.databaseUrl)),
    );
    try {
      assert.deepEqual(restoredSpool.waiting(100), spooledBefore);
      assert.equal(spooledBefore.length, 1);
    } finally {
      restoredSpool.close();
    }

    // Whole rows, but the outbox's by id: the instances go on sending after the backup.
    const queries = {
      leads: "select row_to_json(t)::text as row from leads t order by id",
      registrations: "select row_to_json(t)::text as row from registrations t order by id",
      app_secrets: "select row_to_json(t)::text as row from app_secrets t order by name",
      registration_events: "select row_to_json(t)::text as row from registration_events t",
      outbox: "select id as row from outbox order by id",
    };
    const snapshot = async (url: string) => {
      const client = await connectTo(url);
      try {
        const rows: Record<string, string[]> = {};
        for (const [table, query] of Object.entries(queries)) {
          rows[table] = (await client.query<{ row: string }>(query)).rows.map((r) => r.row);
        }
        return rows;
      } finally {
        await client.end();
      }
    };
    const original = await snapshot(stack.databaseUrl);
    assert.ok(original.leads!.length >= 10);
    assert.equal(original.registrations!.length, 50);
    assert.deepEqual(await snapshot(restoredUrl), original);
  });

  it("check 2: a release switch, a rollback and twenty more switches under 50 connections: no failed request, no missing asset", async () => {
    // Release B: this checkout with one more style rule, so its CSS has a new name.
    const source = path.join(stack.home, "source-b");
    const copied = spawnSync("bash", [
      "-c",
      `mkdir -p "${source}" && for entry in * .git; do [ "$entry" = build ] || cp -al "$entry" "${source}/"; done`,
    ]);
    assert.equal(copied.status, 0, String(copied.stderr));
    const css = path.join(source, "app/app.css");
    // A new file, not the hard link's inode: the checkout's own app.css stays as it is.
    writeFileSync(
      `${css}.new`,
      `${readFileSync(css, "utf8")}\n.deploy-test-release-b { color: red; }\n`,
    );
    renameSync(`${css}.new`, css);

    const failures = new Map<string, number>();
    const fail = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);
    let requests = 0;
    // Caddy's graceful reload closes its idle HTTP/1.1 keep-alive connections
    // (HTTP/2 says GOAWAY): a GET sent on one at that moment is reset before
    // any answer, and browsers send it again on a new connection. So does this
    // client, once, and counts it; any other error, or a second one, fails.
    let resentAfterReload = 0;
    const browserGet = async (pathname: string, headers?: Record<string, string>) => {
      try {
        return await get(stack.agent, pathname, { headers });
      } catch (error) {
        const { code, reusedSocket } = error as NodeJS.ErrnoException & { reusedSocket?: boolean };
        if (!reusedSocket || code !== "ECONNRESET") throw error;
        resentAfterReload += 1;
        return get(stack.agent, pathname, { headers });
      }
    };
    let stopped = false;
    const pages = [
      "/events",
      "/about",
      "/contact",
      "/",
      "/events/reconciliation-round-table-london",
    ];
    // Each client loads a page, then every asset that page references, as a browser would.
    const loop = Promise.all(
      Array.from({ length: 50 }, async (_, client) => {
        for (let n = client; !stopped; n++) {
          const pathname = pages[n % pages.length]!;
          try {
            const page = await browserGet(pathname, { "Accept-Encoding": "identity" });
            requests += 1;
            if (page.status >= 400) fail(`${page.status} ${pathname}`);
            const assets = new Set(
              [...page.body.matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1]!),
            );
            for (const asset of assets) {
              const answer = await browserGet(asset);
              requests += 1;
              if (answer.status >= 400) fail(`${answer.status} ${asset} (from ${pathname})`);
            }
          } catch (error) {
            fail(
              `${(error as NodeJS.ErrnoException).code ?? (error as Error).message} ${pathname}`,
            );
          }
        }
      }),
    );
    const releaseA = readlinkSync(path.join(stack.home, "current"));
    const rolling = async () => {
      for (const instance of stack.instances) await instance.restart();
    };
    try {
      await sleep(3_000);
      await stack.deploy(path.join(source, "deploy/release"));
      const releaseB = readlinkSync(path.join(stack.home, "current"));
      assert.notEqual(releaseB, releaseA);
      await rolling();
      await sleep(3_000);
      await stack.deploy("deploy/rollback");
      assert.equal(readlinkSync(path.join(stack.home, "current")), releaseA);
      assert.equal(readlinkSync(path.join(stack.home, "previous")), releaseB);
      await rolling();
      await sleep(3_000);

      // A switch is an instant, so a race in it shows only when it happens
      // often: ten clients ask for the scripts and styles only one of the two
      // releases has (a page of either may reference them) while the releases
      // switch back and forth twenty times, without restarting the instances.
      const ownAssets = (release: string, other: string) => {
        const names = (id: string) =>
          readdirSync(path.join(stack.home, id, "build/client/assets")).filter((name) =>
            /\.(js|css)$/.test(name),
          );
        const others = new Set(names(other));
        return names(release)
          .filter((name) => !others.has(name))
          .map((name) => `/assets/${name}`);
      };
      const switchingAssets = [...ownAssets(releaseA, releaseB), ...ownAssets(releaseB, releaseA)];
      assert.ok(switchingAssets.length >= 2, "each release has assets of its own");
      let switching = true;
      const assetLoop = Promise.all(
        Array.from({ length: 10 }, async (_, client) => {
          for (let n = client; switching; n++) {
            const asset = switchingAssets[n % switchingAssets.length]!;
            try {
              const answer = await browserGet(asset);
              requests += 1;
              if (answer.status >= 400) fail(`${answer.status} ${asset} (while switching)`);
            } catch (error) {
              fail(`${(error as NodeJS.ErrnoException).code ?? (error as Error).message} ${asset}`);
            }
          }
        }),
      );
      try {
        for (let round = 0; round < 10; round++) {
          await stack.deploy("deploy/switch", path.basename(releaseB));
          await stack.deploy("deploy/switch", path.basename(releaseA));
        }
      } finally {
        switching = false;
        await assetLoop;
      }
      assert.equal(readlinkSync(path.join(stack.home, "current")), releaseA);
    } finally {
      stopped = true;
      await loop;
    }
    console.log(
      `check 2: ${requests} requests, ${resentAfterReload} resent after a reset on a kept-alive connection, failures: ${JSON.stringify([...failures])}`,
    );
    assert.deepEqual([...failures], []);
  });

  it("check 4: 200 enquiries across both instances, one killed with -9 mid-run: every acknowledged one stored once and mailed once", async () => {
    const post = async (email: string) => {
      const token = signFormToken(formTokenSecret, new Date(Date.now() - 60_000), "contact");
      const body = urlEncoded(formFields(token, { email }));
      try {
        const answer = await postForm(stack.agent, "/contact", body);
        return answer.status;
      } catch {
        return 0;
      }
    };
    const acknowledged: string[] = [];
    const refused: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const victim = stack.instances[0]!;
    let killed: Promise<void> | undefined;
    await Promise.all(
      Array.from({ length: 20 }, async (_, client) => {
        for (let n = client; n < 200; n += 20) {
          const email = `kill-${n}@deploy.example`;
          // A quarter of the way in, the first instance dies mid-run, then systemd
          // would start it again (Restart=on-failure): so does the test.
          if (++sent === 50) killed = victim.kill("SIGKILL").then(() => victim.start());
          const status = await post(email);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          (status === 303 ? acknowledged : refused).push(email);
        }
      }),
    );
    await killed;
    console.log(
      `check 4: ${acknowledged.length} acknowledged, ${refused.length} not; answers: ${JSON.stringify([...statuses])} (0: connection cut)`,
    );
    assert.ok(acknowledged.length > 0);

    const client = await connectTo(stack.databaseUrl);
    try {
      const { rows } = await client.query<{ email: string; count: string }>(
        "select email, count(*) as count from leads where email like 'kill-%' group by email",
      );
      const stored = new Map(rows.map((row) => [row.email, Number(row.count)]));
      for (const email of acknowledged) assert.equal(stored.get(email), 1, `${email} stored`);
    } finally {
      await client.end();
    }

    // Every acknowledged enquiry's notification arrives, under one Message-ID.
    // A row the killed instance had claimed is sent by another after the
    // lease (OUTBOX_LEASE_SECONDS=15 here); a copy sent twice keeps its Message-ID.
    const mailsFor = (email: string) =>
      stack.smtp.messages.filter((message) => message.text.includes(email));
    await waitFor(
      () => {
        const missing = acknowledged.filter((email) => mailsFor(email).length === 0);
        if (missing.length > 0) throw new Error(`${missing.length} not mailed yet`);
      },
      240_000,
      "every acknowledged enquiry's e-mail",
    );
    let deliveredTwice = 0;
    for (const email of acknowledged) {
      const mails = mailsFor(email);
      assert.equal(new Set(mails.map((mail) => mail.header("message-id"))).size, 1, email);
      if (mails.length > 1) deliveredTwice += 1;
    }
    console.log(
      `check 4: every acknowledged enquiry mailed; ${deliveredTwice} delivered twice under one Message-ID`,
    );
  });
});
