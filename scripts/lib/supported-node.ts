import { readFileSync } from "node:fs";
import semver from "semver";

/** package.json's "engines.node", the one place the supported Node versions are written. */
export function supportedNodeRange(
  manifestPath: string | URL = new URL("../../package.json", import.meta.url),
): string {
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { engines: { node: string } };
  return manifest.engines.node;
}

/** The one line a newcomer on another Node sees, naming the version needed and how to get it. */
export function unsupportedNodeLine(version: string, range: string): string | undefined {
  if (semver.satisfies(version, range)) return undefined;
  const minimum = semver.minVersion(range)?.version ?? range;
  return `This site needs Node ${minimum} or newer (Node 24 LTS recommended); this is Node ${version}. Install Node 24 from nodejs.org, or in this folder run: . .ci/use-node-24.sh`;
}
