import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Builds the site when there is no build yet, or when any source is newer than
 * it, so `npm start` and the browser tests always serve the current code.
 */
const builtEntry = "build/server/main.js";
const sources = [
  "app",
  "server",
  "content",
  "public",
  "scripts/build-server.ts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, child) => Math.max(newest, newestModification(path.join(entry, child))),
    stats.mtimeMs,
  );
}

const builtAt = existsSync(builtEntry) ? statSync(builtEntry).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestModification));

// Prerendered pages carry SITE_URL in their canonical URLs, so a build for
// another SITE_URL is stale too.
const siteUrlStamp = "build/site-url.txt";
const siteUrl = process.env.SITE_URL ?? "";
const builtFor = existsSync(siteUrlStamp) ? readFileSync(siteUrlStamp, "utf8") : undefined;

if (builtAt === 0 || changedAt > builtAt || builtFor !== siteUrl) {
  console.log(
    builtAt === 0
      ? "No build found: building the site."
      : builtFor !== siteUrl
        ? "SITE_URL changed: rebuilding the site."
        : "Sources changed: rebuilding the site.",
  );
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status === 0) writeFileSync(siteUrlStamp, siteUrl);
  process.exit(result.status ?? 1);
}
