import { createHash } from "node:crypto";
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

/**
 * What the build makes from content and keeps between builds, named by the
 * SHA-256 of everything that goes into it (docs/decisions/071): a social
 * card's PNG by its SVG, a compressed file by its bytes and its settings. A
 * page whose content did not change gets the same key, so the next build
 * reads the file instead of drawing or compressing it again; a change to
 * anything that shapes the output gives another key, so nothing stale is ever
 * served. Build-time only: the running server never reads it.
 *
 * The folder is node_modules/.cache/corvanta, where build tools keep their
 * caches (find-cache-dir's convention: `npm ci` and a fresh clone start
 * without it, and it is never committed). BUILD_CACHE_DIR names another one
 * (`npm run bench:build` gives each measured build an empty one).
 */
export function buildCacheDir(): string {
  return (
    process.env.BUILD_CACHE_DIR || path.join(process.cwd(), "node_modules", ".cache", "corvanta")
  );
}

/** The key of an output: SHA-256 over its inputs, each one delimited so no two lists collide. */
export function contentKey(...inputs: readonly (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const input of inputs) {
    hash.update(String(typeof input === "string" ? Buffer.byteLength(input) : input.length));
    hash.update(":");
    hash.update(input);
  }
  return hash.digest("hex");
}

/**
 * The bytes kept under `key` in `bucket` (a sub-folder, e.g. "social-cards"),
 * or `make()`'s, which are then kept. A file is written under a temporary name
 * and renamed, so a build stopped half-way, or two builds at once, never leave
 * a truncated entry. A hit marks the entry as used now (`pruneBuildCache`).
 */
export async function cachedBytes(
  bucket: string,
  key: string,
  make: () => Promise<Uint8Array>,
): Promise<Buffer> {
  const file = path.join(buildCacheDir(), bucket, key.slice(0, 2), key);
  try {
    const kept = readFileSync(file);
    const now = new Date();
    utimesSync(file, now, now);
    return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const made = Buffer.from(await make());
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, made);
  renameSync(temporary, file);
  return made;
}

/**
 * Removes entries no build has used for `days` days, so the folder holds
 * about what recent builds made rather than every version ever drawn.
 * Returns how many were removed.
 */
export function pruneBuildCache(days = 30): number {
  const oldest = Date.now() - days * 24 * 60 * 60 * 1000;
  let removed = 0;
  let entries;
  try {
    entries = readdirSync(buildCacheDir(), { recursive: true, withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (statSync(file).mtimeMs < oldest) {
      rmSync(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
