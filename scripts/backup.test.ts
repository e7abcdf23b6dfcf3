import { spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Sqlite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validateContactForm } from "~/features/contact/contact-schema";
import { describeDatabase, parseDatabaseUrl, type AppDatabase } from "../server/db/database";
import { createLeadSpool } from "../server/leads/lead-spool";
import { saveLead } from "../server/leads/lead-store";
import { loadAppSecret } from "../server/db/app-secrets";
import { validEnquiry } from "../tests/support/contact-posts";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../tests/support/test-databases";

/*
 * scripts/backup.ts and scripts/restore.ts as an operator runs them (issue 41,
 * "Backups that cannot lie"): child processes with DATABASE_URL, Debian's age
 * and pg_dump/pg_restore, a real spool file.
 */

const spooledAddress = "spooled.person@backup.example";

function enquiry(email: string) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...validEnquiry, email })) data.set(key, value);
  const result = validateContactForm(data);
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.enquiry;
}

/** `npm run backup|restore` without npm: node with tsx, as package.json's scripts run them. */
function run(script: string, args: string[], env: NodeJS.ProcessEnv, prefix: string[] = []) {
  const command = [...prefix, process.execPath, "--import", "tsx", `scripts/${script}.ts`, ...args];
  return spawnSync(command[0]!, command.slice(1), {
    env: { ...process.env, LEAD_SPOOL_FILE: "off", ...env },
    encoding: "utf8",
  });
}

describe.each(testDatabaseKinds)("backup and restore on %s", (kind) => {
  let source: TestDatabase;
  let target: TestDatabase;
  let db: AppDatabase;
  let dir: string;
  let spoolFile: string;
  let identity: string;
  let recipient: string;

  beforeEach(async () => {
    source = await createTestDatabase(kind);
    target = await createTestDatabase(kind);
    db = await source.open();
    dir = mkdtempSync(path.join(tmpdir(), "corvanta-backup-"));
    identity = path.join(dir, "backup.key");
    const keygen = spawnSync("age-keygen", ["-o", identity], { encoding: "utf8" });
    expect(keygen.status, keygen.stderr).toBe(0);
    recipient = /public key: (age1\w+)/.exec(readFileSync(identity, "utf8"))![1]!;

    await saveLead(db, enquiry("first@backup.example"), new Date("2026-11-20T10:00:00Z"));
    await saveLead(db, enquiry("second@backup.example"), new Date("2026-11-21T10:00:00Z"));
    await loadAppSecret(db, "form-token");
    // One enquiry waits in an instance's spool, in a folder of its own, as /var/lib/corvanta.
    mkdirSync(path.join(dir, "state"), { mode: 0o700 });
    spoolFile = path.join(dir, "state", "spool-3001.db");
    const spool = createLeadSpool(spoolFile, describeDatabase(parseDatabaseUrl(source.url)));
    spool.put({
      leadId: "00000000-0000-4000-8000-0000000000aa",
      receivedAt: "2026-11-22T10:00:00.000Z",
      tokenNonce: "nonce-aa",
      enquiry: enquiry(spooledAddress),
    });
    spool.close();
  });
  afterEach(async () => {
    chmodSync(path.join(dir, "state"), 0o700);
    rmSync(dir, { recursive: true, force: true });
    await source.drop();
    await target.drop();
  });

  async function rows(database: AppDatabase) {
    return {
      leads: await database.selectFrom("leads").selectAll().orderBy("id").execute(),
      app_secrets: await database.selectFrom("app_secrets").selectAll().orderBy("name").execute(),
      outbox: await database.selectFrom("outbox").selectAll().orderBy("id").execute(),
    };
  }

  const spooled = (file: string) => {
    const spool = new Sqlite(file, { readonly: true });
    try {
      return spool.prepare("select * from spooled_leads").all();
    } finally {
      spool.close();
    }
  };

  it("holds every row and the spooled enquiry, encrypted; a restore brings them all back", async () => {
    const out = path.join(dir, "backup");
    const backup = run("backup", ["--out", out, "--recipient", recipient, "--spool", spoolFile], {
      DATABASE_URL: source.url,
    });
    expect(backup.status, backup.stdout + backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/1 spool file\(s\)/);

    // Every data file is age's, unreadable as a dump or a database without the key.
    const files = readdirSync(out).filter((file) => file !== "manifest.json");
    expect(files.sort()).toEqual(
      [
        kind === "sqlite" ? "database.sqlite.age" : "database.pgdump.age",
        "spool-0.sqlite.age",
      ].sort(),
    );
    for (const file of files) {
      const bytes = readFileSync(path.join(out, file));
      expect(bytes.subarray(0, 22).toString()).toBe("age-encryption.org/v1\n");
      for (const plain of ["SQLite format 3", "PGDMP", "backup.example", "spooled_leads"]) {
        expect(bytes.includes(plain), `${file} holds ${plain}`).toBe(false);
      }
    }
    // The spooled enquiry is in it: decrypted with the key, the spool's copy holds it.
    const decrypted = path.join(dir, "spool-copy.db");
    const age = spawnSync("age", [
      "-d",
      "-i",
      identity,
      "-o",
      decrypted,
      path.join(out, "spool-0.sqlite.age"),
    ]);
    expect(age.status, String(age.stderr)).toBe(0);
    expect(JSON.stringify(spooled(decrypted))).toContain(spooledAddress);

    // The machine is lost: the spool with it. The restore needs the identity file.
    const spoolRows = spooled(spoolFile);
    rmSync(spoolFile);
    // The state folder is the instances' user's; the restore runs as root.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chownSync(path.join(dir, "state"), 65534, 65534);
    const withoutKey = run("restore", ["--from", out], { DATABASE_URL: target.url });
    expect(withoutKey.status).toBe(2);
    expect(withoutKey.stderr).toMatch(/identity/);
    const restore = run("restore", ["--from", out, "--identity", identity], {
      DATABASE_URL: target.url,
    });
    expect(restore.status, restore.stdout + restore.stderr).toBe(0);

    const original = await rows(db);
    expect(original.leads).toHaveLength(2);
    expect(await rows(await target.open())).toEqual(original);
    expect(spooled(spoolFile)).toEqual(spoolRows);
    // The instance can open it: it belongs to the folder's owner, 0600.
    if (asRoot) expect(statSync(spoolFile).uid).toBe(65534);
    expect(statSync(spoolFile).mode & 0o777).toBe(0o600);
  });

  it("fails, naming the file, when it cannot read a spool, and leaves no backup", () => {
    // As the probe ran it: a user who may not enter the instances' state folder
    // (root with no capability to pass file permissions, when the test runs as root).
    chmodSync(path.join(dir, "state"), 0o000);
    const asUnprivileged =
      process.getuid?.() === 0 ? ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "--"] : [];
    const out = path.join(dir, "backup");
    const backup = run(
      "backup",
      ["--out", out, "--recipient", recipient, "--spool", spoolFile],
      { DATABASE_URL: source.url },
      asUnprivileged,
    );
    expect(backup.status, backup.stdout + backup.stderr).toBe(1);
    expect(backup.stderr).toContain(`Cannot read the spool ${spoolFile}`);
    expect(existsSync(out)).toBe(false);
  });

  it("refuses to write an unencrypted backup", () => {
    const backup = run("backup", ["--out", path.join(dir, "backup")], {
      DATABASE_URL: source.url,
    });
    expect(backup.status).toBe(2);
    expect(backup.stderr).toMatch(/encrypted/);
    expect(existsSync(path.join(dir, "backup"))).toBe(false);
  });

  it.runIf(kind === "postgres")(
    "gives pg_dump and pg_restore the password in their environment, never their arguments",
    () => {
      const password = "s3cret-backup-pw";
      const withPassword = (url: string) => {
        const parsed = new URL(url);
        parsed.password = password;
        return parsed.toString();
      };
      // Each records what `ps` would show (its arguments) and its PGPASSWORD, then runs the real one.
      const wrapper = (name: string) => {
        const file = path.join(dir, name);
        writeFileSync(
          file,
          `#!/bin/sh\nprintf '%s\\n' "$0" "$@" > "${file}.argv"\nprintf '%s' "$PGPASSWORD" > "${file}.env"\nexec ${name} "$@"\n`,
          { mode: 0o700 },
        );
        return file;
      };
      const pgDump = wrapper("pg_dump");
      const pgRestore = wrapper("pg_restore");
      const out = path.join(dir, "backup");
      const backup = run("backup", ["--out", out, "--recipient", recipient], {
        DATABASE_URL: withPassword(source.url),
        PG_DUMP: pgDump,
      });
      expect(backup.status, backup.stdout + backup.stderr).toBe(0);
      const restore = run("restore", ["--from", out, "--identity", identity], {
        DATABASE_URL: withPassword(target.url),
        PG_RESTORE: pgRestore,
      });
      expect(restore.status, restore.stdout + restore.stderr).toBe(0);
      for (const file of [pgDump, pgRestore]) {
        const argv = readFileSync(`${file}.argv`, "utf8");
        expect(argv).toContain("--dbname=postgres://");
        expect(argv).not.toContain(password);
        expect(readFileSync(`${file}.env`, "utf8")).toBe(password);
      }
    },
  );
});
