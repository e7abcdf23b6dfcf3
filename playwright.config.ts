import { defineConfig } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  assertChromiumInstalled,
  chromiumArgs,
  testChromiumPath,
  viewports,
} from "./tests/browser";

assertChromiumInstalled(testChromiumPath);

const port = Number(process.env.E2E_PORT ?? 3100);

// The test server's leads go to a throwaway SQLite file, and it signs form
// tokens with a secret the tests know (tests/e2e/contact-support.ts). The
// runner picks both once; its workers inherit them through the environment.
const e2eDatabaseUrl = process.env.E2E_DATABASE_URL ?? freshDatabaseUrl();
const e2eTokenSecret = process.env.E2E_FORM_TOKEN_SECRET ?? randomBytes(24).toString("hex");
process.env.E2E_DATABASE_URL = e2eDatabaseUrl;
process.env.E2E_FORM_TOKEN_SECRET = e2eTokenSecret;
// Servers the tests start themselves inherit the throwaway database too, never
// the one in data/ or a DATABASE_URL set in the shell.
process.env.DATABASE_URL = e2eDatabaseUrl;

function freshDatabaseUrl(): string {
  const file = path.join(tmpdir(), `corvanta-e2e-${port}.db`);
  // The lead spool (server/leads/lead-spool.ts) sits beside it: a leftover would move old leads in.
  for (const suffix of ["", "-wal", "-shm", "-spool", "-spool-wal", "-spool-shm"]) {
    rmSync(file + suffix, { force: true });
  }
  return `file:${file}`;
}

/*
 * Every test runs against the production build (`npm run test:e2e` builds it
 * first when it is missing or stale), once, at the width its subject needs:
 *
 * - untagged: the desktop width only. Most tests: content, links, forms,
 *   status codes, headers, feature states. Their subject is the same at any width.
 * - `@both-widths` in the title: both projects. The subject changes with the
 *   width: the fixed header's height and where a hash link lands below it,
 *   layout (footer grid), layout shift, axe on whole pages and open menus,
 *   the menus at work on every page.
 * - `@phone` in the title: the mobile project only. A phone's subject: the
 *   mobile menu, page heights on a phone, first paint on a phone, 320 px screens.
 *
 * A test that needs a width chooses it with a tag; README.md "Browser tests"
 * says the same.
 */
const widthTags = { bothWidths: "@both-widths", phone: "@phone" } as const;

/** Browser-width-free specs in tests/e2e that run `npm run dev` (the `authoring` project). */
const devServerSpecs = [
  "dev-server.spec.ts",
  "editing.spec.ts",
  "content-errors-dev.spec.ts",
  "content-images-dev.spec.ts",
];
/** Browser-width-free specs in tests/e2e that start built servers of their own (the `servers` project). */
const ownServerSpecs = ["server-process.spec.ts", "contact-crash.spec.ts"];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Three workers on the 2-core machine: `servers` and `authoring` first, one
  // test at a time each, beside the browser tests, then browser tests too.
  // A fourth made every test slower and the run no shorter (issue 26,
  // docs/benchmarks.md): the suite is bound by the CPU.
  workers: 3,
  reporter: [["list"]],
  // A web-first assertion waits up to 10 s, not Playwright's 5: on the 2-core
  // CI machine, with three workers, the dev server's test and the fault
  // servers running at once, a form's answer or a client navigation's scroll
  // sometimes took longer than 5 s to show (issue 26's quiet full runs). It
  // costs a passing test nothing; a failing one reports 5 s later.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: testChromiumPath, args: chromiumArgs },
    // No trace unless asked for (`--trace on`, or `--retries 1` for a trace of
    // the retry): recording one for every test, to keep a failing test's, made
    // the browser tests take about 45% longer on the 2-core machine (issue 26).
    trace: "on-first-retry",
  },
  projects: [
    // Tests that start servers of their own: how the server behaves when a
    // part it depends on is slow or gone, and inputs that reach unusual code
    // paths (issue 15, docs/security.md, tests/faults/); the server process's
    // own life (SIGTERM, SIGKILL, a bad PORT). They mostly wait on servers and
    // timers, and some assert a time bound: one at a time, on a worker of
    // their own, listed first so they run beside the browser tests rather
    // than after them.
    {
      name: "servers",
      testDir: "tests",
      testMatch: ["faults/**/*.spec.ts", ...ownServerSpecs.map((file) => `e2e/${file}`)],
      timeout: 90_000,
      workers: 1,
      use: { viewport: viewports.desktop },
    },
    // `npm run dev` in the project or in a scratch copy of it (authoring:
    // Keystatic, content mistakes, Vite under the CSP). Each start compiles
    // with Vite and takes a core for a while: one at a time, beside `servers`.
    {
      name: "authoring",
      testMatch: devServerSpecs,
      timeout: 90_000,
      workers: 1,
      use: { viewport: viewports.desktop },
    },
    {
      name: "mobile",
      grep: [new RegExp(widthTags.bothWidths), new RegExp(widthTags.phone)],
      use: { viewport: viewports.mobile, isMobile: true, hasTouch: true },
    },
    {
      name: "desktop",
      grepInvert: new RegExp(widthTags.phone),
      testIgnore: [...ownServerSpecs, ...devServerSpecs],
      use: { viewport: viewports.desktop },
    },
  ],
  webServer: {
    command: "node build/server/main.js",
    url: `http://127.0.0.1:${port}/healthz`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: e2eDatabaseUrl,
      FORM_TOKEN_SECRET: e2eTokenSecret,
      // Every test posts from 127.0.0.1; the rate limit's own tests use their own server.
      RATE_LIMIT_MAX: "100000",
      WRITE_RATE_LIMIT_PER_MINUTE: "100000",
      SMTP_URL: "",
    },
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
