import { spawnSync } from "node:child_process";
import { rebuildReason } from "./build-stamp";

/**
 * Builds the site when there is no build yet, when any source is newer than
 * it, or when it was made for another SITE_URL, so `npm start` and the browser
 * tests always serve the current code. The build records its SITE_URL itself
 * (scripts/build-stamp.ts).
 */
const reason = rebuildReason(".", process.env);
if (reason) {
  console.log(reason);
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
