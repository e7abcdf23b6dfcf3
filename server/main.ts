import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { createServerLog } from "./core/log";
import { readEnvOrExit, serveSite } from "./serve";

// The production server, bundled to build/server/main.js beside React Router's
// build/server/index.js; `npm run dev` runs the same server over Vite (dev.ts).
const env = readEnvOrExit();
const log = createServerLog({ level: env.LOG_LEVEL });
// build/server/main.js sets NODE_ENV=production before React loads (scripts/build-server.ts).
const overridden = process.env.CORVANTA_OVERRIDDEN_NODE_ENV;
if (overridden) {
  log.warn(
    `NODE_ENV=${overridden} ignored: the built server runs React Router's production build (npm run dev is the development server)`,
  );
}
const clientDir = fileURLToPath(new URL("../client", import.meta.url));

await serveSite({
  env,
  log,
  files: (import(new URL("./index.js", import.meta.url).href) as Promise<ServerBuild>).then(
    (build) => ({ build, clientDir, assetStore: env.ASSET_STORE }),
  ),
});
