import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { hideEnvFileDeprecation } from "./hide-envfile-deprecation";

// The `react-router` command (build, typegen) without Vite's envFile
// deprecation warning, which React Router 7.18 triggers and cannot be told not
// to (scripts/hide-envfile-deprecation.ts). Arguments pass through unchanged.
hideEnvFileDeprecation();
const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "bin.js");
await import(pathToFileURL(cli).href);
