import { chmodSync, closeSync, mkdirSync, openSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Before SQLite opens `file` (the lead database, a spool: personal data): a
 * folder made for it is 0700, and the file is created 0600, whatever the
 * umask (`npm start` and the image run with 022; the systemd unit sets 0077).
 * SQLite gives the WAL and shared-memory files the database file's mode. A
 * file or WAL left readable by others from before is made 0600; an existing
 * folder is left as it is (it may be /tmp, or shared), so data/ from an older
 * start stays as it was made.
 */
export function preparePrivateFile(file: string): void {
  const folder = path.dirname(file);
  // The mode applies to the folders it makes; an existing one keeps its own.
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(file, "a", 0o600));
  } catch {
    // SQLite's open names the problem (a folder it cannot write, a file in the way).
    return;
  }
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    const stat = statSync(name, { throwIfNoEntry: false });
    if (stat && (stat.mode & 0o077) !== 0) chmodSync(name, 0o600);
  }
}
