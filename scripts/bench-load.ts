import autocannon from "autocannon";
import { readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { contactFormPath } from "~/features/contact/contact-schema";
import { signFormToken } from "../server/leads/form-token";
import { formFields, urlEncoded } from "../tests/support/contact-posts";
import { ensureBuild, startProductionServer } from "./production-server";

/**
 * Load on loopback with autocannon against the production server: a
 * prerendered page, a server-rendered page (events) and the contact form's
 * POST (with both rate limits raised for the run, on a throwaway SQLite
 * database). Prints requests per second, latency p50/p99, errors and the
 * server's peak resident memory, as a Markdown table. Usage:
 *   npm run bench:load -- [--duration 10] [--connections 50] [--port 3301]
 * Figures are for reading, not for asserting: see docs/benchmarks.md.
 */
const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "3301" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

const secret = "bench-load-form-token-secret-0123456789abcdef";
const database = path.join(tmpdir(), `corvanta-bench-load-${process.pid}.db`);

ensureBuild();
const server = await startProductionServer({
  port: Number(values.port),
  env: {
    DATABASE_URL: `file:${database}`,
    FORM_TOKEN_SECRET: secret,
    RATE_LIMIT_MAX: "100000",
    WRITE_RATE_LIMIT_PER_MINUTE: "1000000",
    SMTP_URL: "",
    LOG_LEVEL: "info",
  },
});

/** The server's resident memory now and its peak so far (VmRSS, VmHWM in /proc), in MB. */
function memoryMb(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

// The enquiry the tests post, with a token issued a minute ago.
const enquiry = urlEncoded(formFields(signFormToken(secret, new Date(Date.now() - 60_000))));

const targets = [
  { label: "Prerendered page", method: "GET", path: "/about", expect: 200 },
  { label: "Server-rendered page", method: "GET", path: "/events", expect: 200 },
  { label: "Contact form POST", method: "POST", path: contactFormPath, expect: 303 },
] as const;

const rows: string[] = [];
try {
  for (const target of targets) {
    // A short warm-up, so the JIT and caches are in the state a live server is in.
    await run(target, 2);
    const before = memoryMb();
    let peakRss = before.rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, memoryMb().rss)), 100);
    const result = await run(target, duration);
    clearInterval(sampler);
    const unexpected = result.non2xx - (target.expect === 303 ? result["3xx"] : 0);
    rows.push(
      `| ${target.label} | ${target.method} \`${target.path}\` | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.timeouts} | ${Math.max(0, unexpected)} | ${peakRss.toFixed(0)} |`,
    );
    console.error(rows.at(-1));
  }
} finally {
  await server.stop();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(database + suffix, { force: true });
}

function run(target: (typeof targets)[number], seconds: number) {
  return autocannon({
    url: server.url + target.path,
    method: target.method,
    connections,
    duration: seconds,
    headers: {
      "accept-encoding": "gzip, deflate, br",
      ...(target.method === "POST"
        ? {
            "content-type": "application/x-www-form-urlencoded",
            origin: server.url,
          }
        : {}),
    },
    body: target.method === "POST" ? enquiry : undefined,
  });
}

const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
console.log(
  [
    `autocannon, ${connections} connections, ${duration} s per target, loopback; Node ${process.version}; ${cpus().length} x ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GB; ${new Date().toISOString().slice(0, 10)}`,
    "",
    "| Target | Request | Requests/s | p50 ms | p99 ms | Errors | Unexpected status | Peak RSS MB |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n"),
);
