import { spawnSync } from "node:child_process";
import {
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { describeDatabase, parseDatabaseUrl } from "../server/db/database";
import { readEnv } from "../server/env";
import { decrypt, decryptTo, postgresCredentials, runWithInput } from "./lib/backup-tools";

/*
 * `npm run restore -- --from DIR --identity FILE [--force] [--no-spool]`: a
 * backup made by `npm run backup` into the database DATABASE_URL names
 * (docs/operations.md, "Restore"), decrypted with the age identity (private
 * key) file the backup's recipient belongs to. PostgreSQL: pg_restore into an
 * empty database in one transaction (--force: drop what is there first,
 * --clean), the password in its environment. SQLite: the copy becomes the
 * database file; the site must be stopped, and an existing file is kept
 * unless --force. The spools go back where they were (or nowhere with
 * --no-spool): the instances move their enquiries into the database when they
 * start. Backups made before encryption (no "encryption" in the manifest)
 * restore without --identity.
 */

const usage = "usage: npm run restore -- --from DIR --identity FILE [--force] [--no-spool]";
const { values } = parseArgs({
  options: {
    from: { type: "string" },
    identity: { type: "string" },
    force: { type: "boolean", default: false },
    "no-spool": { type: "boolean", default: false },
  },
});
if (!values.from) {
  console.error(usage);
  process.exit(2);
}
const from = path.resolve(values.from);
const manifest = JSON.parse(readFileSync(path.join(from, "manifest.json"), "utf8")) as {
  encryption?: "age";
  database: { kind: string; file: string };
  spools: { source: string; file: string }[];
};
const identity = values.identity;
if (manifest.encryption === "age" && !identity) {
  console.error(
    `The backup is encrypted with age: name the identity (private key) file.\n${usage}`,
  );
  process.exit(2);
}
const location = parseDatabaseUrl(readEnv().DATABASE_URL);
if (manifest.database.kind !== location.kind) {
  console.error(
    `The backup is of a ${manifest.database.kind} database, DATABASE_URL names ${location.kind}`,
  );
  process.exit(1);
}

/** The backup's `file` at `target`, decrypted if it is encrypted; written beside it and renamed. */
async function place(file: string, target: string): Promise<void> {
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const next = `${target}.restoring`;
  if (identity && manifest.encryption === "age") {
    await decryptTo(path.join(from, file), identity, next);
  } else {
    copyFileSync(path.join(from, file), next);
  }
  // Run as root, the file is made root's: it goes to its folder's owner (the
  // instances' user in /var/lib/corvanta), or the instance could not open it.
  const folder = statSync(path.dirname(target));
  if (process.getuid?.() === 0) chownSync(next, folder.uid, folder.gid);
  // The old WAL and shared-memory files belong to the file replaced.
  for (const suffix of ["-wal", "-shm"]) rmSync(target + suffix, { force: true });
  renameSync(next, target);
}

try {
  if (location.kind === "postgres") {
    const { url, env } = postgresCredentials(location.url);
    const args = [
      "--no-owner",
      "--exit-on-error",
      "--single-transaction",
      ...(values.force ? ["--clean", "--if-exists"] : []),
      `--dbname=${url}`,
    ];
    const pgRestore = process.env.PG_RESTORE ?? "pg_restore";
    const dump = path.join(from, manifest.database.file);
    if (identity && manifest.encryption === "age") {
      // pg_restore reads the custom format from stdin: the dump is never on disk in plaintext.
      await runWithInput(pgRestore, args, env, decrypt(dump, identity));
    } else {
      const restore = spawnSync(pgRestore, [...args, dump], {
        env,
        stdio: ["ignore", "inherit", "inherit"],
      });
      if (restore.status !== 0) throw new Error(`exit ${restore.status ?? restore.error?.message}`);
    }
  } else {
    if (existsSync(location.file) && !values.force) {
      throw new Error(`${location.file} exists: stop the site and add --force to replace it`);
    }
    await place(manifest.database.file, location.file);
  }
} catch (error) {
  console.error(
    location.kind === "postgres"
      ? `pg_restore failed (${(error as Error).message}); nothing was changed (one transaction). An existing schema needs --force.`
      : (error as Error).message,
  );
  process.exit(1);
}

if (!values["no-spool"]) {
  for (const spool of manifest.spools) {
    if (existsSync(spool.source) && !values.force) {
      console.error(`${spool.source} exists: kept (--force replaces it)`);
      continue;
    }
    await place(spool.file, spool.source);
  }
}
console.log(`Restored ${from} into ${describeDatabase(location)}`);
