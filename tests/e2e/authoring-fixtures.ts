import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createScratchProject, startDevServer, type DevServer } from "../support/dev-server";
import { createTestDatabase } from "../support/test-databases";
import { test as base } from "./fixtures";

export { expect } from "./fixtures";

/*
 * The `authoring` project's tests (dev-server, editing, content-errors-dev)
 * share one `npm run dev`, started once per worker in one scratch copy of the
 * project: each start pre-bundles the packages and compiles the site with Vite
 * from a cold cache, about 40 s of a core on the 2-core machine, and the three
 * files started three (issue 26: servers start once per project, not per file).
 *
 * It starts as a fresh clone's first `npm run dev` does (`--force`: the
 * packages pre-bundled again), with one post already broken, so the first
 * reading of the content meets a mistake (content-errors-dev.spec.ts fixes it).
 * No other test reads that post.
 */

/** The post whose front matter is broken before the dev server starts. */
export const brokenAtStart = {
  file: "content/posts/reconciliation-at-scale.md",
  slug: "reconciliation-at-scale",
  /** The mistake: a date that does not exist. */
  break: (written: string) => written.replace(/^date: .*$/m, "date: 2026-02-30"),
};

export type Authoring = {
  /** The scratch copy's root: its content/ is these tests' own. */
  root: string;
  server: DevServer;
  /** The SQLite database the dev server stores leads in. */
  databaseUrl: string;
  /** The broken post's file as committed. */
  brokenPostAsWritten: string;
};

export const test = base.extend<object, { authoring: Authoring }>({
  authoring: [
    async ({}, use) => {
      const secret = process.env.E2E_FORM_TOKEN_SECRET;
      if (!secret) throw new Error("E2E_FORM_TOKEN_SECRET is not set (see playwright.config.ts)");
      const project = createScratchProject();
      const database = await createTestDatabase("sqlite");
      const target = path.join(project.root, brokenAtStart.file);
      const brokenPostAsWritten = readFileSync(target, "utf8");
      writeFileSync(target, brokenAtStart.break(brokenPostAsWritten));
      const server = await startDevServer({
        cwd: project.root,
        force: true,
        env: { DATABASE_URL: database.url, FORM_TOKEN_SECRET: secret, SMTP_URL: "" },
      });
      try {
        await use({ root: project.root, server, databaseUrl: database.url, brokenPostAsWritten });
      } finally {
        await server.stop();
        await database.drop();
        project.remove();
      }
    },
    // Vite's cold start on a busy machine (startDevServer waits up to 120 s).
    { scope: "worker", timeout: 180_000 },
  ],
});
