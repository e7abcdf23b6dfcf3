import { spawn, type ChildProcess, type ChildProcessByStdio } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import type { Readable, Writable } from "node:stream";

/*
 * What scripts/backup.ts and scripts/restore.ts run: Debian's `age` for the
 * encryption (docs/decisions/087), pg_dump and pg_restore with the password
 * kept off their command lines.
 */

/** What a child did: its exit code, or why it never ran; and what it wrote on stderr. */
type Outcome = { ok: boolean; reason: string };

function outcome(child: ChildProcess, name: string): Promise<Outcome> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => {
    child.once("error", (error) => resolve({ ok: false, reason: `${name}: ${error.message}` }));
    child.once("close", (code, signal) =>
      resolve({
        ok: code === 0,
        reason: `${name} exited ${code ?? signal}${stderr.trim() ? `: ${stderr.trim()}` : ""}`,
      }),
    );
  });
}

/**
 * A PostgreSQL URL without its password, and the environment that gives the
 * password to libpq instead (PGPASSWORD): a child's environment is readable
 * by its own user and root only, its arguments by anyone through `ps`.
 */
export function postgresCredentials(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  if (!parsed.password) return { url, env: process.env };
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: { ...process.env, PGPASSWORD: password } };
}

/** `age` for recipients given as `-r KEY` / `-R FILE` arguments. */
export type AgeRecipients = string[];

/**
 * Runs `command`, its stdout piped through `age` into `target` (created 0600):
 * no plaintext reaches the disk. Throws with both programs' reasons if either fails.
 */
export async function encryptOutputOf(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  recipients: AgeRecipients,
  target: string,
): Promise<void> {
  const fd = openSync(target, "wx", 0o600);
  try {
    const source = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    // Its stdout is the file: typed as the pipes that are there.
    const age = spawn("age", ["--encrypt", ...recipients], {
      stdio: ["pipe", fd, "pipe"],
    }) as ChildProcessByStdio<Writable, null, Readable>;
    // A source that fails closes the pipe; age then ends the file short, and both are reported.
    source.stdout.pipe(age.stdin);
    age.stdin.on("error", () => undefined);
    const [made, encrypted] = await Promise.all([
      outcome(source, command),
      outcome(age, "age --encrypt"),
    ]);
    if (!made.ok || !encrypted.ok) {
      throw new Error(
        [made, encrypted]
          .filter((o) => !o.ok)
          .map((o) => o.reason)
          .join("; "),
      );
    }
  } finally {
    closeSync(fd);
  }
}

/** `bytes`, encrypted by `age` into `target` (created 0600). */
export async function encryptBytes(
  bytes: Buffer,
  recipients: AgeRecipients,
  target: string,
): Promise<void> {
  const fd = openSync(target, "wx", 0o600);
  try {
    // Its stdout is the file: typed as the pipes that are there.
    const age = spawn("age", ["--encrypt", ...recipients], {
      stdio: ["pipe", fd, "pipe"],
    }) as ChildProcessByStdio<Writable, null, Readable>;
    age.stdin.on("error", () => undefined);
    age.stdin.end(bytes);
    const encrypted = await outcome(age, "age --encrypt");
    if (!encrypted.ok) throw new Error(encrypted.reason);
  } finally {
    closeSync(fd);
  }
}

/** `file` decrypted with the identity file, as a stream, and a promise of age's success. */
export function decrypt(file: string, identity: string): { stream: Readable; done: Promise<void> } {
  const age = spawn("age", ["--decrypt", "--identity", identity, file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const done = outcome(age, `age --decrypt ${file}`).then((result) => {
    if (!result.ok) throw new Error(result.reason);
  });
  return { stream: age.stdout, done };
}

/** `file` decrypted into `target` (created 0600, or truncated). */
export async function decryptTo(file: string, identity: string, target: string): Promise<void> {
  const fd = openSync(target, "w", 0o600);
  try {
    const age = spawn("age", ["--decrypt", "--identity", identity, file], {
      stdio: ["ignore", fd, "pipe"],
    });
    const result = await outcome(age, `age --decrypt ${file}`);
    if (!result.ok) throw new Error(result.reason);
  } finally {
    closeSync(fd);
  }
}

/** Runs `command` with `input` on its stdin; throws with its reason if it fails. */
export async function runWithInput(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  input: { stream: Readable; done: Promise<void> },
): Promise<void> {
  const child = spawn(command, args, { env, stdio: ["pipe", "inherit", "pipe"] });
  child.stdin.on("error", () => undefined);
  input.stream.pipe(child.stdin);
  const [ran, decrypted] = await Promise.all([
    outcome(child, command),
    input.done.then(
      () => ({ ok: true, reason: "" }),
      (error: Error) => ({ ok: false, reason: error.message }),
    ),
  ]);
  if (!decrypted.ok || !ran.ok) {
    throw new Error(
      [decrypted, ran]
        .filter((o) => !o.ok)
        .map((o) => o.reason)
        .join("; "),
    );
  }
}
