import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild, startProductionServer } from "./production-server";

/**
 * The production server's resident memory under random addresses (issue 41, defect 12: the
 * probe's 60 s of random URLs took it to 320 MB, above the unit's MemoryHigh=300M): made-up
 * pages (each a 404 render), made-up query strings on kept pages, made-up assets, long paths.
 * Prints the RSS idle after start, sampled each second, and the kernel's high-water mark (VmHWM),
 * in MB. Usage:
 *   npm run bench:memory -- [--duration 60] [--connections 50] [--port 3305]
 * Figures are for reading, not for asserting: see docs/benchmarks.md.
 */
const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "3305" },
    "metrics-port": { type: "string", default: "3306" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

const database = path.join(tmpdir(), `corvanta-bench-memory-${process.pid}.db`);
ensureBuild();
const server = await startProductionServer({
  port: Number(values.port),
  env: {
    DATABASE_URL: `file:${database}`,
    SMTP_URL: "",
    LOG_LEVEL: "info",
    METRICS_PORT: values["metrics-port"],
  },
});

/** Where the memory is, from the server's own /metrics (prom-client's default metrics), in MB. */
async function heapMb() {
  const text = await (await fetch(`http://127.0.0.1:${values["metrics-port"]}/metrics`)).text();
  const read = (name: string) =>
    Number(new RegExp(`^corvanta_${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN) / 2 ** 20;
  return {
    heapUsed: read("nodejs_heap_size_used_bytes"),
    heapTotal: read("nodejs_heap_size_total_bytes"),
    external: read("nodejs_external_memory_bytes"),
  };
}

function memoryMb(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

const made = (bytes: number) => randomBytes(bytes).toString("base64url");
/** A random address of one of the kinds a scanner or a crawler sends. */
const randomPaths: (() => string)[] = [
  () => `/${made(12)}`,
  () => `/${made(8)}/${made(8)}/${made(8)}`,
  () => `/${made(1_500)}`,
  () => `/blog/${made(10)}`,
  () => `/events/${made(10)}`,
  () => `/services/${made(10)}`,
  () => `/?${made(6)}=${made(10)}`,
  () => `/contact?sent=${made(8)}`,
  () => `/contact?service=${made(8)}`,
  () => `/events?utm_source=${made(10)}`,
  () => `/assets/${made(10)}.js`,
  () => `/about?${made(6)}=${made(6)}`,
];
const pick = () => (randomPaths[Math.floor(Math.random() * randomPaths.length)] ?? (() => "/"))();

// Idle: started, its first requests answered, and a few seconds for start-up's garbage.
await new Promise((resolve) => setTimeout(resolve, 3_000));
const idle = memoryMb();
const samples: number[] = [];
const sampler = setInterval(() => samples.push(memoryMb().rss), 1_000);
let result: autocannon.Result;
try {
  result = await autocannon({
    url: server.url,
    connections,
    duration,
    headers: { "accept-encoding": "gzip, deflate, br" },
    requests: [{ setupRequest: (request) => ({ ...request, path: pick() }) }],
  });
} finally {
  clearInterval(sampler);
}
const end = memoryMb();
const heap = await heapMb();
await server.stop();
for (const suffix of ["", "-wal", "-shm"]) rmSync(database + suffix, { force: true });

const statuses = Object.entries(result.statusCodeStats ?? {})
  .map(([code, { count }]) => `${code}: ${count ?? 0}`)
  .join(", ");
const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
console.log(
  [
    `autocannon, ${connections} connections, ${duration} s of random addresses, loopback; Node ${process.version}; ${cpus().length} x ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GB; ${new Date().toISOString().slice(0, 10)}`,
    `Requests: ${result.requests.total} (${result.requests.average.toFixed(0)}/s; ${statuses}; ${result.errors + result.timeouts} errors)`,
    `Resident memory (MB): ${idle.rss.toFixed(0)} idle after start; ${Math.max(...samples).toFixed(0)} highest sampled, ${end.peak.toFixed(0)} high-water mark (VmHWM); ${end.rss.toFixed(0)} at the end`,
    `At the end (MB): V8 heap ${heap.heapUsed.toFixed(0)} used of ${heap.heapTotal.toFixed(0)}; external ${heap.external.toFixed(0)}`,
    `Each 10 s: ${samples
      .filter((_, i) => i % 10 === 9)
      .map((mb) => mb.toFixed(0))
      .join(", ")}`,
  ].join("\n"),
);
