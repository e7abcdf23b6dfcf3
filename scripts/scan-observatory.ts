import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild, startProductionServer } from "./production-server";

/**
 * Mozilla's HTTP Observatory scanner against the production server on
 * loopback, or with --origin against a running TLS front (the deploy test's
 * Caddy), its certificate trusted through --ca. Usage:
 *   npm run scan:observatory -- [--port 3302] [--json observatory.json]
 *   npm run scan:observatory -- --origin https://localhost:3843 --http-port 3844 --ca root.crt
 * The scanner is installed on first use into .cache/ (not a project
 * dependency: its install script downloads lists from the internet, so it is
 * installed with --ignore-scripts and given an empty HSTS preload list). It
 * prints each test's result and exits 1 if any test fails other than the two
 * that need TLS, which a loopback server cannot offer. See docs/security.md.
 */
const observatoryVersion = "1.4.8";
/** The tests only an https origin can pass. */
const needsTls = new Set(["redirection", "strict-transport-security"]);

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3302" },
    json: { type: "string" },
    origin: { type: "string" },
    "http-port": { type: "string" },
    ca: { type: "string" },
  },
});
const front = values.origin ? new URL(values.origin) : undefined;

const cacheDir = path.resolve(".cache/mdn-http-observatory");
const packageDir = path.join(cacheDir, "node_modules/@mdn/mdn-http-observatory");
if (!existsSync(path.join(packageDir, "package.json"))) {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(path.join(cacheDir, "package.json"), '{ "private": true }\n');
  const installed = spawnSync(
    "npm",
    [
      "install",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      `@mdn/mdn-http-observatory@${observatoryVersion}`,
    ],
    { cwd: cacheDir, stdio: "inherit" },
  );
  if (installed.status !== 0) process.exit(installed.status ?? 1);
}
const preload = path.join(packageDir, "conf/hsts-preload.json");
if (!existsSync(preload)) writeFileSync(preload, "{}\n");
// scan() documents options with the ports to use but does not pass them on to
// retrieve() (1.4.8): without them a front on other ports than 80 and 443
// cannot be scanned, its http->https redirect least of all.
const scanner = path.join(packageDir, "src/scanner/index.js");
const scannerSource = readFileSync(scanner, "utf8");
if (scannerSource.includes("retrieve(hostname);")) {
  writeFileSync(
    scanner,
    scannerSource.replace("retrieve(hostname);", "retrieve(hostname, options);"),
  );
}

const database = path.join(tmpdir(), `corvanta-observatory-${process.pid}.db`);
if (!front) ensureBuild();
const server = front
  ? undefined
  : await startProductionServer({
      port: Number(values.port),
      env: { DATABASE_URL: `file:${database}`, SMTP_URL: "", LOG_LEVEL: "warn" },
    });
const target = front ? front.hostname : "localhost";
const ports = front
  ? { httpsPort: front.port || "443", httpPort: values["http-port"] ?? "80" }
  : { httpPort: values.port };

type TestResult = { pass: boolean; result: string; scoreModifier: number };
type ScanOutput = {
  scan: { grade: string; score: number; testsPassed: number; testsQuantity: number };
  tests: Record<string, TestResult>;
};

let output: ScanOutput;
try {
  const run = `import { scan } from ${JSON.stringify(scanner)};
    const { scan: summary, tests } = await scan(${JSON.stringify(target)}, ${JSON.stringify(ports)});
    for (const test of Object.values(tests)) delete test.scoreDescription;
    console.log(JSON.stringify({ scan: summary, tests }));`;
  const scan = spawnSync(process.execPath, ["--input-type=module", "-e", run], {
    encoding: "utf8",
    // Only the CA named here: the front's own (Caddy's `tls internal` root).
    env: { ...process.env, ...(values.ca ? { NODE_EXTRA_CA_CERTS: values.ca } : {}) },
  });
  if (scan.status !== 0) {
    console.error(scan.stderr);
    process.exit(scan.status ?? 1);
  }
  output = JSON.parse(scan.stdout) as ScanOutput;
  if (values.json) writeFileSync(values.json, `${JSON.stringify(output, null, 2)}\n`);
} finally {
  await server?.stop();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(database + suffix, { force: true });
}

const rows = Object.entries(output.tests).map(
  ([name, test]) =>
    `| ${name} | ${test.pass ? "pass" : needsTls.has(name) && !front ? "fail (needs TLS)" : "**FAIL**"} | ${test.result} | ${test.scoreModifier} |`,
);
console.log(
  [
    `MDN HTTP Observatory ${observatoryVersion} against ${front?.origin ?? `http://localhost:${values.port}`}, ${new Date().toISOString().slice(0, 10)}`,
    `Grade ${output.scan.grade} (score ${output.scan.score}), ${output.scan.testsPassed} of ${output.scan.testsQuantity} tests passed`,
    "",
    "| Test | Outcome | Result | Score modifier |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n"),
);
const unexpected = Object.entries(output.tests).filter(
  ([name, test]) => !test.pass && (front || !needsTls.has(name)),
);
if (unexpected.length > 0) {
  console.error(`Failed: ${unexpected.map(([name]) => name).join(", ")}`);
  process.exit(1);
}
