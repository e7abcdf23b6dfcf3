import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { formTokenPath } from "~/config/paths";
import { contactFormPath } from "~/features/contact/contact-schema";
import { signFormToken } from "../server/forms/form-token";
import { formFields, urlEncoded } from "../tests/support/contact-posts";
import { ensureBuild, startProductionServer } from "./production-server";

/**
 * Load on loopback with autocannon against the production server: a
 * prerendered page, every server-rendered page (home, events, contact, an
 * event, past and open), the form token a form's page fetches, and the contact form's POST (with both rate limits raised for the run,
 * on a throwaway SQLite database); and, in the same run, a plain static file
 * server (scripts/static-file-server.ts, in its own process) serving the
 * AstroWind build, the reference every row is divided by. Prints requests per
 * second and that ratio, latency p50/p99, errors, the server's resident memory
 * once started (idle) and its peak over the run, as a Markdown table. Usage:
 *   npm run bench:load -- [--duration 10] [--connections 50] [--port 3301] [--reference-port 3303]
 * Figures are for reading, not for asserting: see docs/benchmarks.md.
 */
const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "3301" },
    "reference-port": { type: "string", default: "3303" },
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

/** Resident memory once started and idle: what the process holds before any request. */
await new Promise((resolve) => setTimeout(resolve, 2_000));
const idleMb = memoryMb().rss;

const reference = await startReference(Number(values["reference-port"]));

/** The server's resident memory now and its peak so far (VmRSS, VmHWM in /proc), in MB. */
function memoryMb(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

// The enquiry the tests post, each with its own token issued a minute ago (a
// token is accepted once: docs/decisions/051).
const freshEnquiry = () =>
  urlEncoded(formFields(signFormToken(secret, new Date(Date.now() - 60_000), "contact")));

type Target = {
  label: string;
  method: "GET" | "POST";
  path: string;
  expect: number;
  base?: string;
};
const targets: Target[] = [
  {
    label: "Static file server, AstroWind home (reference)",
    method: "GET",
    path: "/",
    expect: 200,
    base: reference.url,
  },
  { label: "Prerendered page", method: "GET", path: "/about", expect: 200 },
  { label: "Server-rendered home", method: "GET", path: "/", expect: 200 },
  { label: "Server-rendered events", method: "GET", path: "/events", expect: 200 },
  { label: "Server-rendered contact", method: "GET", path: "/contact", expect: 200 },
  {
    label: "Server-rendered event page (past)",
    method: "GET",
    path: "/events/checkout-performance-london",
    expect: 200,
  },
  {
    // Takes registrations: live seat counts and a signed form token (decision 034).
    label: "Server-rendered event page (open)",
    method: "GET",
    path: "/events/threat-modelling-workshop",
    expect: 200,
  },
  // What a form's page fetches once it runs (docs/decisions/051).
  { label: "Form token", method: "GET", path: formTokenPath("contact"), expect: 200 },
  { label: "Contact form POST", method: "POST", path: contactFormPath, expect: 303 },
];

const rows: string[] = [];
let referenceRate = NaN;
let peakMb = NaN;
let prerenderedRate = NaN;
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
    const rate = result.requests.average;
    if (target.base) referenceRate = rate;
    if (target.label === "Prerendered page") prerenderedRate = rate;
    const ratio = (to: number) => (target.base ? "–" : (rate / to).toFixed(2));
    rows.push(
      `| ${target.label} | ${target.method} \`${target.path}\` | ${rate.toFixed(0)} | ${ratio(referenceRate)} | ${ratio(prerenderedRate)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.timeouts} | ${Math.max(0, unexpected)} | ${target.base ? "–" : peakRss.toFixed(0)} |`,
    );
    console.error(rows.at(-1));
  }
  // The server's peak resident memory over the whole run (the kernel's high-water mark).
  peakMb = memoryMb().peak;
} finally {
  await reference.stop();
  await server.stop();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(database + suffix, { force: true });
}

/** The plain static file server with the AstroWind build, in a process of its own. */
async function startReference(port: number) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/static-file-server.ts", "--port", String(port)],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const exited = once(child, "exit");
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (child.exitCode !== null) throw new Error("the static file server exited");
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function run(target: Target, seconds: number) {
  return autocannon({
    url: (target.base ?? server.url) + target.path,
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
    ...(target.method === "POST"
      ? { requests: [{ setupRequest: (request) => ({ ...request, body: freshEnquiry() }) }] }
      : {}),
  });
}

const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
console.log(
  [
    `autocannon, ${connections} connections, ${duration} s per target, loopback; Node ${process.version}; ${cpus().length} x ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GB; ${new Date().toISOString().slice(0, 10)}`,
    "",
    "| Target | Request | Requests/s | ÷ static server | ÷ prerendered | p50 ms | p99 ms | Errors | Unexpected status | Peak RSS MB |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    `Server resident memory: ${idleMb.toFixed(0)} MB idle after start, ${peakMb.toFixed(0)} MB peak over the run.`,
  ].join("\n"),
);
