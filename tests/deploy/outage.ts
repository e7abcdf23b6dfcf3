import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { signFormToken } from "../../server/forms/form-token";
import { formFields, urlEncoded } from "../support/contact-posts";
import { registrationFormFields } from "../support/registration-posts";
import { connectTo, formTokenSecret, sleep } from "../faults/support";
import { get, origin, ports, postForm, waitFor, type Stack } from "./stack";

/*
 * Issue 41, "Database outage": PostgreSQL stopped for real (pg_ctl stop) for
 * 60 s under load through Caddy. Before, Caddy's check was /readyz, which asks
 * the database: it took both instances out and every page answered 503. Now
 * the site serves on, spools enquiries and says "not saved" to registrations
 * (docs/decisions/085), the instances say the database is down on /metrics,
 * and the alert rules fire on what they said (docs/decisions/086).
 */

const outageMs = 60_000;
const connections = 30;
/** How often the test scrapes the instances and Caddy, as Prometheus would (every 15 s there). */
const scrapeEveryMs = 5_000;
const outageSlug = "reconciliation-round-table-london";

/** A page, asset or file the build made: what must never fail, the database or not. */
function prerenderedPaths(stack: Stack, assets: string[]): string[] {
  const client = path.join(stack.home, "current/build/client");
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name === "index.html") {
        pages.push(`/${path.relative(client, dir)}`.replace(/\/$/, "") || "/");
      }
    }
  };
  walk(client);
  assert.ok(pages.length >= 10, `only ${pages.length} prerendered pages`);
  return [...pages, ...assets, "/robots.txt", "/sitemap.xml"];
}

type Tally = { requests: number; failures: Map<string, number>; slowest: number };

function requestLoop(stack: Stack, paths: string[], clients: number, stopped: () => boolean) {
  const tally: Tally = { requests: 0, failures: new Map(), slowest: 0 };
  const fail = (what: string) => tally.failures.set(what, (tally.failures.get(what) ?? 0) + 1);
  const done = Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = client; !stopped(); n += clients) {
        const pathname = paths[n % paths.length]!;
        const started = Date.now();
        try {
          const { status } = await get(stack.agent, pathname);
          if (status >= 400) fail(`${status} ${pathname}`);
        } catch (error) {
          fail(`${(error as NodeJS.ErrnoException).code ?? (error as Error).message} ${pathname}`);
        }
        tally.slowest = Math.max(tally.slowest, Date.now() - started);
        tally.requests += 1;
      }
    }),
  );
  return { tally, done };
}

/** A sample of Prometheus's text format: a series (name and labels as written) and its value. */
type Scrape = { at: number; down: boolean; series: Map<string, number> };

function parseMetrics(text: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(\{.*\})?\s+(\S+)$/.exec(line);
    if (match) series.set(`${match[1]}${match[2] ?? ""}`, Number(match[3]));
  }
  return series;
}

/** Every `scrapeEveryMs`: both instances' /metrics and Caddy's, as Prometheus's targets. */
function scraper(isDown: () => boolean) {
  const targets = [
    ...ports.metrics.map((port) => ({
      job: "corvanta",
      instance: `127.0.0.1:${port}`,
      url: `http://127.0.0.1:${port}/metrics`,
    })),
    {
      job: "caddy",
      instance: `localhost:${ports.admin}`,
      url: `http://localhost:${ports.admin}/metrics`,
    },
  ];
  const scrapes = new Map(targets.map((target) => [target.instance, [] as Scrape[]]));
  let running = true;
  const scrapeAll = () =>
    Promise.all(
      targets.map(async (target) => {
        const at = Date.now();
        const down = isDown();
        const text = await fetch(target.url, { signal: AbortSignal.timeout(10_000) }).then(
          (response) => (response.ok ? response.text() : ""),
          () => "",
        );
        scrapes.get(target.instance)!.push({ at, down, series: parseMetrics(text) });
      }),
    );
  const done = (async () => {
    while (running) {
      const started = Date.now();
      await scrapeAll();
      await sleep(Math.max(0, scrapeEveryMs - (Date.now() - started)));
    }
  })();
  return {
    targets,
    scrapes,
    async stop() {
      running = false;
      await done;
    },
  };
}

/**
 * A promtool test file with the scraped samples as its input series, one every 15 s of rule time
 * (Prometheus's scrape interval; they were taken every 5 s), and the alerts expected at the last
 * sample of the outage: CorvantaDatabaseDown for each instance, no BalancerErrors.
 */
function promtoolTest(
  rulesFile: string,
  targets: { job: string; instance: string }[],
  scrapes: Map<string, Scrape[]>,
): string {
  const wanted = new Set([
    "corvanta_database_up",
    "corvanta_spool_size",
    "caddy_http_requests_total",
    "caddy_http_request_errors_total",
    "caddy_http_request_duration_seconds_count",
  ]);
  const inputSeries: { series: string; values: string }[] = [];
  let lastDownIndex = 0;
  for (const target of targets) {
    const samples = scrapes.get(target.instance)!;
    samples.forEach((sample, index) => {
      if (sample.down) lastDownIndex = Math.max(lastDownIndex, index);
    });
    const withTarget = (key: string) => {
      const [, name, labels] = /^([^{]+)(?:\{(.*)\})?$/.exec(key)!;
      return `${name}{${labels ? `${labels},` : ""}job="${target.job}",instance="${target.instance}"}`;
    };
    // `up`, as Prometheus writes it for each scrape; then the series the rules read.
    inputSeries.push({
      series: withTarget("up"),
      values: samples.map((sample) => (sample.series.size > 0 ? 1 : 0)).join(" "),
    });
    const keys = new Set(samples.flatMap((sample) => [...sample.series.keys()]));
    for (const key of [...keys].sort()) {
      if (!wanted.has(key.split("{")[0]!)) continue;
      const values = samples.map((sample) => sample.series.get(key) ?? "_");
      inputSeries.push({ series: withTarget(key), values: values.join(" ") });
    }
  }
  // The alert as alerts.yml writes it, its annotations filled in for each instance.
  const groups = (parse(readFileSync(rulesFile, "utf8")) as RuleFile).groups;
  const rule = groups
    .flatMap((group) => group.rules)
    .find((r) => r.alert === "CorvantaDatabaseDown")!;
  const evalTime = `${lastDownIndex * 15}s`;
  return stringify({
    rule_files: [rulesFile],
    evaluation_interval: "15s",
    tests: [
      {
        interval: "15s",
        input_series: inputSeries,
        alert_rule_test: [
          {
            eval_time: evalTime,
            alertname: rule.alert,
            exp_alerts: targets
              .filter((target) => target.job === "corvanta")
              .map((target) => ({
                exp_labels: { ...rule.labels, job: target.job, instance: target.instance },
                exp_annotations: Object.fromEntries(
                  Object.entries(rule.annotations).map(([name, text]) => [
                    name,
                    text.replaceAll("{{ $labels.instance }}", target.instance),
                  ]),
                ),
              })),
          },
          { eval_time: evalTime, alertname: "BalancerErrors", exp_alerts: [] },
        ],
      },
    ],
  });
}

type RuleFile = {
  groups: {
    rules: { alert: string; labels: Record<string, string>; annotations: Record<string, string> }[];
  }[];
};

/** Sends one enquiry through the front; its status, or 0 when the connection failed. */
async function postEnquiry(stack: Stack, email: string): Promise<number> {
  const token = signFormToken(formTokenSecret, new Date(Date.now() - 60_000), "contact");
  try {
    return (await postForm(stack.agent, "/contact", urlEncoded(formFields(token, { email }))))
      .status;
  } catch {
    return 0;
  }
}

async function storedCounts(stack: Stack, pattern: string): Promise<Map<string, number>> {
  const client = await connectTo(stack.databaseUrl);
  try {
    const { rows } = await client.query<{ email: string; count: string }>(
      "select email, count(*) as count from leads where email like $1 group by email",
      [pattern],
    );
    return new Map(rows.map((row) => [row.email, Number(row.count)]));
  } finally {
    await client.end();
  }
}

/** Each instance's value of a metric without labels, read now. */
async function instanceGauge(name: string): Promise<number[]> {
  return Promise.all(
    ports.metrics.map(async (port) => {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      return parseMetrics(text).get(name) ?? NaN;
    }),
  );
}

export async function databaseOutageCheck(stack: Stack): Promise<void> {
  const about = await get(stack.agent, "/about", { headers: { "Accept-Encoding": "identity" } });
  const assets = [
    ...new Set([...about.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!)),
  ];
  const prerendered = prerenderedPaths(stack, assets);
  const rendered = ["/", "/events", "/contact", `/events/${outageSlug}`];

  // Each instance logs every enquiry it spools: only the outage's 20 may be among them.
  const spooledLines = () =>
    stack.logs().match(/Contact form: kept lead \S+ in the spool/g)?.length ?? 0;
  const spooledBefore = spooledLines();
  let databaseDown = false;
  let stopped = false;
  const metrics = scraper(() => databaseDown);
  const fixed = requestLoop(stack, prerendered, connections - 5, () => stopped);
  const dynamic = requestLoop(stack, rendered, 5, () => stopped);
  const figures: Record<string, unknown> = {};
  try {
    await sleep(5_000);
    const outageStarted = Date.now();
    stack.postgres.stop();
    databaseDown = true;

    // Seen directly on an instance: it answers, the database does not.
    const [portA] = ports.instances;
    const health = await fetch(`http://127.0.0.1:${portA}/healthz`);
    const readiness = await fetch(`http://127.0.0.1:${portA}/readyz`);

    // 20 enquiries through the front, one every 2.5 s, and one registration.
    const emails = Array.from({ length: 20 }, (_, n) => `outage-${n}@deploy.example`);
    const enquiryStatuses: number[] = [];
    for (const email of emails) {
      enquiryStatuses.push(await postEnquiry(stack, email));
      await sleep(2_000);
    }
    const registrationToken = signFormToken(
      formTokenSecret,
      new Date(Date.now() - 60_000),
      "registration",
    );
    const registrationBody = urlEncoded(
      registrationFormFields(registrationToken, {
        email: "outage-guest@deploy.example",
        name: "Outage Guest",
      }),
    );
    // As a browser without JavaScript posts it, uncompressed so the test can read the page.
    const registration = await get(stack.agent, `/events/${outageSlug}`, {
      method: "POST",
      body: registrationBody,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(Buffer.byteLength(registrationBody)),
        "Accept-Encoding": "identity",
        Origin: origin,
      },
    }).catch((error: Error) => ({ status: 0, body: error.message, headers: {} }));
    const databaseUpDuring = await instanceGauge("corvanta_database_up");
    const spooledDuring = await instanceGauge("corvanta_spool_size");
    await sleep(Math.max(0, outageMs - (Date.now() - outageStarted)));
    stack.postgres.start();
    databaseDown = false;
    const outageSeconds = Math.round((Date.now() - outageStarted) / 1000);

    // The spools drain into the database, each enquiry once, with no restart. The waits end
    // without a verdict: the figures are printed first, then the assertions judge them.
    const acknowledged = emails.filter((_, n) => enquiryStatuses[n] === 303);
    const drained = await waitFor(
      async () => {
        const stored = await storedCounts(stack, "outage-%");
        const missing = acknowledged.filter((email) => !stored.has(email));
        if (missing.length > 0) throw new Error(`${missing.length} acknowledged, not stored`);
        return stored;
      },
      60_000,
      "the spooled enquiries in PostgreSQL",
    ).catch(() => storedCounts(stack, "outage-%"));
    const spooledAfter = await waitFor(
      async () => {
        const spooled = await instanceGauge("corvanta_spool_size");
        if (spooled.some((size) => size !== 0)) throw new Error(`spools: ${spooled.join(", ")}`);
        return spooled;
      },
      30_000,
      "empty spools",
    ).catch(() => instanceGauge("corvanta_spool_size"));
    // Stored directly once the database is back: in PostgreSQL as soon as it is answered.
    const afterStatus = await postEnquiry(stack, "after-outage@deploy.example");
    const afterStored = await storedCounts(stack, "after-outage@%");
    const databaseUpAfter = await instanceGauge("corvanta_database_up");
    const spooledInAll = spooledLines() - spooledBefore;
    await sleep(5_000);
    stopped = true;
    await Promise.all([fixed.done, dynamic.done]);
    await metrics.stop();

    const registrationsStored = await (async () => {
      const client = await connectTo(stack.databaseUrl);
      try {
        const { rows } = await client.query(
          "select id from registrations where email = 'outage-guest@deploy.example'",
        );
        return rows.length;
      } finally {
        await client.end();
      }
    })();

    Object.assign(figures, {
      outageSeconds,
      connections,
      prerendered: {
        requests: fixed.tally.requests,
        failures: Object.fromEntries(fixed.tally.failures),
        slowestMs: fixed.tally.slowest,
      },
      serverRendered: {
        requests: dynamic.tally.requests,
        failures: Object.fromEntries(dynamic.tally.failures),
        slowestMs: dynamic.tally.slowest,
      },
      enquiries: enquiryStatuses.join(","),
      storedOnce: emails.filter((email) => drained.get(email) === 1).length,
      registration: registration.status,
      registrationsStored,
      instanceDuringOutage: { healthz: health.status, readyz: readiness.status },
      databaseUpDuring,
      spooledDuring,
      databaseUpAfter,
      spooledAfter,
      spooledInAll,
      afterOutage: { status: afterStatus, stored: afterStored.get("after-outage@deploy.example") },
    });
    console.log(`database outage: ${JSON.stringify(figures)}`);

    assert.deepEqual(Object.fromEntries(fixed.tally.failures), {}, "prerendered pages and assets");
    assert.ok(fixed.tally.requests > 1_000, `only ${fixed.tally.requests} requests`);
    assert.deepEqual(
      enquiryStatuses,
      emails.map(() => 303),
      "every enquiry acknowledged",
    );
    assert.deepEqual(
      emails.map((email) => drained.get(email)),
      emails.map(() => 1),
      "every enquiry stored exactly once",
    );
    assert.deepEqual(Object.fromEntries(dynamic.tally.failures), {}, "server-rendered pages");
    // Registrations are refused honestly while the database is away (decision 085).
    assert.equal(registration.status, 503);
    assert.match(registration.body, /We could not save your registration just now/);
    assert.equal(registrationsStored, 0);
    assert.deepEqual([health.status, readiness.status], [200, 503]);
    assert.deepEqual(databaseUpDuring, [0, 0]);
    assert.ok(spooledDuring.reduce((sum, size) => sum + size, 0) > 0, "enquiries spooled");
    assert.deepEqual(databaseUpAfter, [1, 1]);
    assert.deepEqual(spooledAfter, [0, 0]);
    assert.equal(afterStatus, 303);
    assert.equal(afterStored.get("after-outage@deploy.example"), 1, "stored directly");
    assert.equal(spooledInAll, 20, "the enquiry after the outage went straight to PostgreSQL");
  } finally {
    stopped = true;
    if (databaseDown) stack.postgres.start();
    await Promise.all([fixed.done, dynamic.done, metrics.stop()]);
  }

  // Prometheus's rules on what the instances and Caddy really exported.
  const rules = path.resolve("deploy/prometheus/alerts.yml");
  const ruleNames = new Set(readFileSync(rules, "utf8").match(/\b(corvanta|caddy)_\w+/g));
  const exported = new Set<string>();
  for (const samples of metrics.scrapes.values()) {
    for (const sample of samples)
      for (const key of sample.series.keys()) exported.add(key.split("{")[0]!);
  }
  // Caddy's error counter exists from its first error on, and this test wants none.
  const unseen = [...ruleNames].filter(
    (name) => !exported.has(name) && name !== "caddy_http_request_errors_total",
  );
  assert.deepEqual(unseen, [], "every series the alert rules read is exported");
  const dir = mkdtempSync(path.join(tmpdir(), "corvanta-promtool-"));
  try {
    const file = path.join(dir, "outage.test.yml");
    writeFileSync(file, promtoolTest(rules, metrics.targets, metrics.scrapes));
    const result = spawnSync("promtool", ["test", "rules", file], { encoding: "utf8" });
    // Kept beside the deploy logs, for a reader of a failure.
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/outage-promtool.test.yml", readFileSync(file));
    assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);
    console.log(
      "database outage: promtool test rules on the scraped series: CorvantaDatabaseDown fired for both instances, BalancerErrors did not",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
