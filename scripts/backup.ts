import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { describeDatabase, parseDatabaseUrl } from "../server/db/database";
import { readEnv } from "../server/env";
import { spoolFileFor } from "../server/services";

/*
 * `npm run backup [-- --out DIR] [--spool FILE ...]`: the lead database and
 * the spool(s), while the site runs, into one folder (mode 0700: it holds the
 * form token and cancellation secrets, which live in the database's
 * app_secrets table). PostgreSQL: pg_dump's custom format (a consistent
 * snapshot; pg_restore reads it). SQLite, and each spool, which is SQLite too:
 * SQLite's online backup API (better-sqlite3's db.backup), which copies a
 * consistent state with the WAL's committed pages, never the live files by
 * hand. docs/operations.md, "Backup" and "Restore"; restore: scripts/restore.ts.
 */

const { values } = parseArgs({
  options: {
    out: { type: "string" },
    spool: { type: "string", multiple: true },
  },
});
const env = readEnv();
const location = parseDatabaseUrl(env.DATABASE_URL);
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..+$/, "Z");
const out = path.resolve(values.out ?? path.join("backups", stamp));
mkdirSync(out, { recursive: true, mode: 0o700 });
chmodSync(out, 0o700);

/** SQLite's online backup of `file` into `target`. */
async function sqliteBackup(file: string, target: string): Promise<void> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  chmodSync(target, 0o600);
}

const manifest: {
  createdAt: string;
  database: { kind: string; source: string; file: string };
  spools: { source: string; file: string }[];
} = {
  createdAt: new Date().toISOString(),
  database: { kind: location.kind, source: describeDatabase(location), file: "" },
  spools: [],
};

if (location.kind === "postgres") {
  const file = path.join(out, "database.pgdump");
  const dump = spawnSync(
    process.env.PG_DUMP ?? "pg_dump",
    ["--format=custom", "--no-owner", `--file=${file}`, `--dbname=${location.url}`],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (dump.status !== 0) {
    console.error(`pg_dump failed (exit ${dump.status ?? dump.error?.message}): no backup made`);
    process.exit(1);
  }
  chmodSync(file, 0o600);
  manifest.database.file = path.basename(file);
} else {
  const file = path.join(out, "database.sqlite");
  await sqliteBackup(location.file, file);
  manifest.database.file = path.basename(file);
}

// The spool holds enquiries the database did not take yet: each instance's own file.
const spools = new Set(values.spool ?? []);
const configured = spoolFileFor(location, env.LEAD_SPOOL_FILE);
if (configured) spools.add(configured);
for (const [index, spool] of [...spools].entries()) {
  if (!existsSync(spool)) continue;
  const file = path.join(out, `spool-${index}.sqlite`);
  await sqliteBackup(spool, file);
  manifest.spools.push({ source: path.resolve(spool), file: path.basename(file) });
}

writeFileSync(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`, {
  mode: 0o600,
});
console.log(
  `Backup of ${manifest.database.source} and ${manifest.spools.length} spool file(s) in ${out}`,
);
