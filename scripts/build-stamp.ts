import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { normaliseSiteUrl } from "../app/config/site-url";

/**
 * Whether build/ is current: `npm start` and the browser tests rebuild when it
 * is missing, older than a source, or made for another SITE_URL (prerendered
 * pages carry it in their canonical URLs). The build itself records the
 * SITE_URL it was made for (scripts/build-server.ts), so a start right after
 * `npm run build` finds nothing to do.
 */
export const builtEntry = "build/server/main.js";
export const buildStampFile = "build/site-url.txt";

/** What a build needs to be redone for, relative to the project root. */
export const buildSources = [
  "app",
  "server",
  "content",
  "public",
  "scripts/build-server.ts",
  "scripts/build-stamp.ts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

/** The origin a build for this environment carries; unset and the default are one build. */
export function siteUrlOf(env: NodeJS.ProcessEnv): string {
  try {
    return normaliseSiteUrl(env.SITE_URL);
  } catch {
    // Invalid: the build will stop with the message; never equal to a stamp.
    return `invalid:${env.SITE_URL ?? ""}`;
  }
}

/** Called by the build once everything is written. */
export function writeBuildStamp(root: string, env: NodeJS.ProcessEnv): void {
  writeFileSync(path.join(root, buildStampFile), siteUrlOf(env));
}

/** Why the build in `root` must be redone for `env`, or undefined when it is current. */
export function rebuildReason(
  root: string,
  env: NodeJS.ProcessEnv,
  sources: readonly string[] = buildSources,
): string | undefined {
  const entry = path.join(root, builtEntry);
  if (!existsSync(entry)) return "No build found: building the site.";
  const builtAt = statSync(entry).mtimeMs;
  const changedAt = Math.max(
    ...sources.map((source) => newestModification(path.join(root, source))),
  );
  if (changedAt > builtAt) return "Sources changed: rebuilding the site.";
  const stamp = path.join(root, buildStampFile);
  const builtFor = existsSync(stamp) ? readFileSync(stamp, "utf8") : undefined;
  if (builtFor !== siteUrlOf(env)) return "SITE_URL changed: rebuilding the site.";
  return undefined;
}

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, child) => Math.max(newest, newestModification(path.join(entry, child))),
    stats.mtimeMs,
  );
}
