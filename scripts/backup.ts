import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { describeDatabase, parseDatabaseUrl } from "../server/db/database";
import { readEnv } from "../server/env";
import { spoolFileFor } from "../server/services";
import { encryptBytes, encryptOutputOf, postgresCredentials } from "./lib/backup-tools";

/*
 * `npm run backup -- --recipients-file FILE [--out DIR] [--spool FILE ...]`:
 * the lead database and the spool(s), while the site runs, into one folder
 * (mode 0700), each file encrypted with `age` to the operator's public key(s)
 * (--recipients-file, or --recipient KEY): it holds every lead and the form
 * token and cancellation secrets (app_secrets). PostgreSQL: pg_dump's custom
 * format (a consistent snapshot), piped into age, the password in pg_dump's
 * environment, never its arguments. SQLite, and each spool, which is SQLite
 * too: a consistent copy through SQLite itself (sqlite3_serialize, the WAL's
 * committed pages included), piped into age: no plaintext reaches the disk.
 * A file it cannot read fails the backup, naming the file; a spool that does
 * not exist (nothing was ever spooled there) is named and skipped. The folder
 * appears only when complete. docs/operations.md, "Backup" and "Restore";
 * restore: scripts/restore.ts.
 */

const usage =
  "usage: npm run backup -- --recipients-file FILE | --recipient AGE-PUBLIC-KEY [--out DIR] [--spool FILE ...]";
const { values } = parseArgs({
  options: {
    out: { type: "string" },
    spool: { type: "string", multiple: true },
    recipient: { type: "string", multiple: true },
    "recipients-file": { type: "string", multiple: true },
  },
});
const recipients = [
  ...(values.recipient ?? []).flatMap((key) => ["--recipient", key]),
  ...(values["recipients-file"] ?? []).flatMap((file) => ["--recipients-file", file]),
];
if (recipients.length === 0) {
  console.error(`Backups are encrypted: name the age public key(s) to encrypt to.\n${usage}`);
  process.exit(2);
}

const env = readEnv();
const location = parseDatabaseUrl(env.DATABASE_URL);
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..+$/, "Z");
const out = path.resolve(values.out ?? path.join("backups", stamp));
// Built beside its place and renamed into it at the end: a folder by that name is a whole backup.
const partial = `${out}.partial`;

class BackupError extends Error {}

/** Whether `file` is there to back up; throws naming it if it cannot be looked at (a directory this user may not enter). */
function present(file: string, what: string): boolean {
  try {
    statSync(file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    throw new BackupError(
      `Cannot read ${what} ${file} (${code}): run the backup as a user that can read it (root, or the instances' user)`,
    );
  }
}

/** A consistent copy of a SQLite file, read through SQLite; throws naming the file. */
function snapshotOf(file: string, what: string): Buffer {
  // Run as root, SQLite gives any WAL file it makes the database file's owner itself.
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return db.serialize();
  } catch (error) {
    throw new BackupError(
      `Cannot read ${what} ${file}: ${(error as Error).message}: run the backup as a user that can read it (root, or the instances' user)`,
    );
  } finally {
    db?.close();
  }
}

const manifest: {
  createdAt: string;
  encryption: "age";
  database: { kind: string; source: string; file: string };
  spools: { source: string; file: string }[];
} = {
  createdAt: new Date().toISOString(),
  encryption: "age",
  database: { kind: location.kind, source: describeDatabase(location), file: "" },
  spools: [],
};

try {
  if (existsSync(out)) throw new BackupError(`${out} exists: name a new folder with --out`);
  // The spool holds enquiries the database did not take yet: each instance's own file.
  const spools = new Set((values.spool ?? []).map((file) => path.resolve(file)));
  const configured = spoolFileFor(location, env.LEAD_SPOOL_FILE);
  if (configured) spools.add(path.resolve(configured));
  // Looked at before anything is written: an unreadable spool fails the backup at once.
  const found = [...spools].filter((spool) => present(spool, "the spool"));
  for (const spool of spools) {
    if (!found.includes(spool)) console.log(`No spool at ${spool}: nothing was spooled there`);
  }

  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });

  if (location.kind === "postgres") {
    const file = "database.pgdump.age";
    const { url, env: pgEnv } = postgresCredentials(location.url);
    await encryptOutputOf(
      process.env.PG_DUMP ?? "pg_dump",
      ["--format=custom", "--no-owner", `--dbname=${url}`],
      pgEnv,
      recipients,
      path.join(partial, file),
    ).catch((error: Error) => {
      throw new BackupError(`pg_dump failed: ${error.message}`);
    });
    manifest.database.file = file;
  } else {
    if (!present(location.file, "the database")) {
      throw new BackupError(`Cannot read the database ${location.file}: it does not exist`);
    }
    const file = "database.sqlite.age";
    await encryptBytes(
      snapshotOf(location.file, "the database"),
      recipients,
      path.join(partial, file),
    );
    manifest.database.file = file;
  }

  for (const [index, spool] of found.entries()) {
    const file = `spool-${index}.sqlite.age`;
    await encryptBytes(snapshotOf(spool, "the spool"), recipients, path.join(partial, file));
    manifest.spools.push({ source: spool, file });
  }

  writeFileSync(path.join(partial, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  renameSync(partial, out);
} catch (error) {
  rmSync(partial, { recursive: true, force: true });
  console.error(`${(error as Error).message}\nNo backup made.`);
  process.exit(1);
}
console.log(
  `Backup of ${manifest.database.source} and ${manifest.spools.length} spool file(s) in ${out}, encrypted with age`,
);
