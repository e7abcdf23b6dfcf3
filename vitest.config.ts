import path from "node:path";
import { defineConfig } from "vitest/config";
import { contentImages } from "./app/lib/images/content-images-plugin.ts";

/**
 * Tests that open databases (SQLite files, and PostgreSQL when
 * TEST_DATABASE_URL is set), SMTP servers or child processes. They spend most
 * of their time waiting on those, so more of them run at once than the
 * machine has cores; `npm run test:quick` leaves them to `npm test`.
 */
const databaseAndProcessTests = [
  "server/db/**/*.test.ts",
  "server/leads/**/*.test.ts",
  "server/outbox/**/*.test.ts",
  "server/registrations/**/*.test.ts",
  "server/forms/form-post.test.ts",
  "server/services.test.ts",
  "scripts/leads-command.test.ts",
  "scripts/event-staff-command.test.ts",
  "scripts/privacy-command.test.ts",
  "scripts/backup.test.ts",
  "scripts/ensure-build.test.ts",
  "tests/unit/build-content-errors.test.ts",
  "tests/unit/deploy-asset-store.test.ts",
  "tests/unit/deploy-files.test.ts",
  "tests/unit/operations-doc.test.ts",
];

/**
 * The production app over the production build (`npm run build`), in the
 * test's process, answering HTTP requests: the form posts' rules, status
 * codes and headers, which need no browser (moved from Playwright, issue 26).
 * The build is imported once per file; a test that starts a server of its own
 * gets Playwright's 30 s, not a unit test's 5.
 */
const httpTests = ["tests/http/**/*.test.ts"];

/**
 * Unit tests that replace or reload modules (`vi.resetModules`, `vi.doMock`).
 * In the shared module graph of the unit project they would reload, for every
 * file after them in the worker, modules that must load once per process:
 * server/core/metrics.ts registered its metrics twice in prom-client's global
 * registry, and a later file failed on import, depending on file order (a CI
 * run, 2026-11-27). They run in a graph of their own. A test in
 * tests/unit/vitest-projects.test.ts fails on a file that does this and is not listed.
 */
export const moduleReloadingTests = ["app/features/portfolio/products.test.ts"];

// Unit tests sit beside the code as *.test.ts, or in tests/unit. The browser
// tests in tests/e2e and tests/faults belong to Playwright.
const allTests = [
  "app/**/*.test.{ts,tsx}",
  "server/**/*.test.ts",
  "scripts/**/*.test.ts",
  "tests/unit/**/*.test.ts",
];

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  // The content's images, as the build makes them (docs/decisions/093).
  plugins: [contentImages()],
  test: {
    environment: "node",
    // Some tests do real work (subsetting a font, 50 concurrent registrations
    // on PostgreSQL, rendering every post): a few seconds alone, more on a
    // busy 2-core CI machine. A test that hangs still fails, at 20 s.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one, on two cores,
    // idle while a database test waits. Two keep both busy; three starved
    // PostgreSQL's 50-posts-at-once tests into 503s on a loaded machine.
    maxWorkers: 2,
    projects: [
      // The unit and http files share their worker's module graph (no
      // isolation): most of their time was importing the same app modules,
      // and the production build, once per file (issue 26). They restore what
      // they change (process.env, the clock); the database files, which start
      // workers and servers of their own, keep a fresh graph each.
      {
        extends: true,
        test: {
          name: "unit",
          include: allTests,
          exclude: [...databaseAndProcessTests, ...moduleReloadingTests],
          isolate: false,
        },
      },
      { extends: true, test: { name: "unit-isolated", include: moduleReloadingTests } },
      { extends: true, test: { name: "database", include: databaseAndProcessTests } },
      {
        extends: true,
        test: {
          name: "http",
          include: httpTests,
          testTimeout: 30_000,
          hookTimeout: 30_000,
          isolate: false,
        },
      },
    ],
    // `npm run test:coverage`: what the unit tests run of the site's own code.
    coverage: {
      provider: "v8",
      include: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts"],
      exclude: ["**/*.test.{ts,tsx}", "**/+types/**"],
      reporter: ["text-summary"],
    },
  },
});
