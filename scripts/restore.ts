import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { describeDatabase, parseDatabaseUrl } from "../server/db/database";
import { readEnv } from "../server/env";

/*
 * `npm run restore -- --from DIR [--force]`: a backup made by `npm run
 * backup` into the database DATABASE_URL names (docs/operations.md,
 * "Restore"). PostgreSQL: pg_restore into an empty database (--force: drop
 * what is there first, --clean). SQLite: the copy becomes the database file;
 * the site must be stopped, and an existing file is kept unless --force. The
 * spools go back where they were (or nowhere with --no-spool): the instances
 * move their enquiries into the database when they start.
 */

const { values } = parseArgs({
  options: {
    from: { type: "string" },
    force: { type: "boolean", default: false },
    "no-spool": { type: "boolean", default: false },
  },
});
if (!values.from) {
  console.error("usage: npm run restore -- --from DIR [--force] [--no-spool]");
  process.exit(2);
}
const from = path.resolve(values.from);
const manifest = JSON.parse(readFileSync(path.join(from, "manifest.json"), "utf8")) as {
  database: { kind: string; file: string };
  spools: { source: string; file: string }[];
};
const location = parseDatabaseUrl(readEnv().DATABASE_URL);
if (manifest.database.kind !== location.kind) {
  console.error(
    `The backup is of a ${manifest.database.kind} database, DATABASE_URL names ${location.kind}`,
  );
  process.exit(1);
}

if (location.kind === "postgres") {
  const restore = spawnSync(
    process.env.PG_RESTORE ?? "pg_restore",
    [
      "--no-owner",
      "--exit-on-error",
      "--single-transaction",
      ...(values.force ? ["--clean", "--if-exists"] : []),
      `--dbname=${location.url}`,
      path.join(from, manifest.database.file),
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (restore.status !== 0) {
    console.error(
      `pg_restore failed (exit ${restore.status ?? restore.error?.message}); nothing was changed (one transaction). An existing schema needs --force.`,
    );
    process.exit(1);
  }
} else {
  if (existsSync(location.file) && !values.force) {
    console.error(`${location.file} exists: stop the site and add --force to replace it`);
    process.exit(1);
  }
  mkdirSync(path.dirname(location.file), { recursive: true });
  // The old WAL and shared-memory files belong to the old database.
  for (const suffix of ["-wal", "-shm"]) {
    rmSync(location.file + suffix, { force: true });
  }
  copyFileSync(path.join(from, manifest.database.file), location.file);
}

if (!values["no-spool"]) {
  for (const spool of manifest.spools) {
    if (existsSync(spool.source) && !values.force) {
      console.error(`${spool.source} exists: kept (--force replaces it)`);
      continue;
    }
    mkdirSync(path.dirname(spool.source), { recursive: true });
    copyFileSync(path.join(from, spool.file), spool.source);
  }
}
console.log(`Restored ${from} into ${describeDatabase(location)}`);
