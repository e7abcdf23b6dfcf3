import { readFileSync, writeFileSync } from "node:fs";

/**
 * The package mirror these machines use serves native binaries only for the
 * platforms it runs on, so `npm install` leaves the other platforms' optional
 * binaries (@tailwindcss/oxide-darwin-arm64, @rollup/rollup-win32-x64-msvc, ...)
 * out of package-lock.json, and `npm ci` then rejects the lockfile as out of
 * sync. This records each missing one as an optional entry tagged with its
 * os/cpu/libc, which npm skips on a non-matching machine without fetching it.
 * Run it after changing dependencies: `npx tsx scripts/complete-lockfile.ts`.
 * See docs/decisions/005-lockfile-foreign-platforms.md.
 */
type LockEntry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
};

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8")) as { packages: Record<string, LockEntry> };

const osNames = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "openharmony",
  "win32",
  "sunos",
  "aix",
  "netbsd",
];
const cpuNames = [
  "arm64",
  "x64",
  "ia32",
  "arm",
  "loong64",
  "ppc64",
  "riscv64",
  "s390x",
  "mips64el",
  "wasm32",
];

function platformOf(name: string) {
  const parts = (name.split("/").pop() ?? name).split("-");
  const os = parts.find((part) => osNames.includes(part));
  const cpu =
    parts.find((part) => cpuNames.includes(part)) ?? (parts.includes("arm") ? "arm" : undefined);
  const libc =
    parts.includes("musl") || parts.includes("musleabihf")
      ? "musl"
      : parts.includes("gnu") || parts.includes("gnueabihf")
        ? "glibc"
        : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const installDir = path === "" ? "node_modules" : `${path}/node_modules`;
    const candidates = [`${installDir}/${name}`, `node_modules/${name}`];
    if (candidates.some((candidate) => candidate in lock.packages)) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os && !cpu) continue; // not a platform binary: leave it to npm
    lock.packages[`node_modules/${name}`] = {
      version: version.replace(/^[\^~=]/, ""),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === "" ? -1 : b === "" ? 1 : a.localeCompare(b),
  ),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: recorded ${added} optional platform binaries`);
