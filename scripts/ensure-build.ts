import { spawnSync } from "node:child_process";
import { rebuildReason } from "./build-stamp";
import { supportedNodeRange, unsupportedNodeLine } from "./lib/supported-node";

/**
 * Builds the site when there is no build yet, when any source is newer than
 * it, or when it was made for another SITE_URL, so `npm start` on a laptop
 * and the browser tests always serve the current code. The build records its
 * SITE_URL itself (scripts/build-stamp.ts).
 *
 * With `--start` and NODE_ENV=production (a server), it never builds: a build
 * there takes minutes and a gigabyte beside the live site, and a failed one
 * leaves nothing to start. It refuses with one line saying what to run
 * (releases are built by deploy/release, docs/operations.md).
 */
// First, the Node: on an older one the build runs for a minute and the
// server's native module (better-sqlite3) then crashes (issue 43).
const wrongNode = unsupportedNodeLine(process.versions.node, supportedNodeRange());
if (wrongNode) {
  console.error(wrongNode);
  process.exit(1);
}

const reason = rebuildReason(".", process.env);
if (reason) {
  if (process.argv.includes("--start") && process.env.NODE_ENV === "production") {
    const why = reason.startsWith("No build")
      ? "there is no build"
      : reason.startsWith("SITE_URL")
        ? `the build was made for another SITE_URL than ${process.env.SITE_URL ?? "the default"}`
        : "the build is older than the sources";
    console.error(
      `Not starting: ${why}, and with NODE_ENV=production npm start never builds. Run "npm run build" first (on a server: deploy/release, see docs/operations.md).`,
    );
    process.exit(1);
  }
  console.log(reason);
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
