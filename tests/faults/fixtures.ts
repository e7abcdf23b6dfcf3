import { test as base } from "../e2e/fixtures";
import { postgresBinaries, startPostgresCluster, type PostgresCluster } from "./support";

export { expect } from "../e2e/fixtures";

/**
 * The fault tests' fixtures: a PostgreSQL cluster per worker, started the
 * first time a test asks for it and removed when the worker ends. Tests on
 * one worker run one at a time, so a test that pauses or stops it disturbs no
 * other. Without PostgreSQL's binaries (CI has them) those tests are skipped
 * with a message saying so.
 */
export const test = base.extend<
  { postgres: PostgresCluster },
  { postgresCluster: PostgresCluster | undefined }
>({
  postgresCluster: [
    async ({}, use) => {
      const bin = postgresBinaries();
      if (!bin) {
        await use(undefined);
        return;
      }
      const cluster = startPostgresCluster(bin);
      try {
        await use(cluster);
      } finally {
        cluster.destroy();
      }
    },
    { scope: "worker" },
  ],
  postgres: async ({ postgresCluster }, use, testInfo) => {
    testInfo.skip(
      !postgresCluster,
      "PostgreSQL's binaries are not installed (/usr/lib/postgresql/*/bin): this test needs a server it can pause and stop",
    );
    // A test that failed half-way must not leave the next one a paused or stopped server.
    await use(postgresCluster!);
    postgresCluster!.restore();
  },
});
