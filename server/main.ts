import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { readEnv } from "./env";
import { startLeadPipeline } from "./leads/pipeline";
import { consoleLogger } from "./leads/logger";
import { startServer } from "./lifecycle";

// Bundled to build/server/main.js, beside React Router's build/server/index.js.
const env = (() => {
  try {
    return readEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
})();
const clientDir = fileURLToPath(new URL("../client", import.meta.url));

// The database is opened and migrated (while the React Router build loads)
// before the first request is accepted.
const [build, leads] = await Promise.all([
  import(new URL("./index.js", import.meta.url).href) as Promise<ServerBuild>,
  startLeadPipeline(env, { log: consoleLogger }).catch((error: Error) => {
    console.error(`The lead database could not be opened: ${error.message}`);
    process.exit(1);
  }),
]);

const app = createApp({
  build,
  clientDir,
  mode: env.NODE_ENV,
  leads: leads.intake,
  trustProxy: env.TRUST_PROXY,
});
const { listening, shutdown } = startServer(app, { port: env.PORT, host: env.HOST });

listening.then(
  ({ port }) => console.log(`Corvanta Digital site listening on http://localhost:${port}`),
  (error: Error) => {
    console.error(`Server failed to start: ${error.message}`);
    process.exit(1);
  },
);

function onSignal(signal: NodeJS.Signals) {
  console.log(`${signal} received: finishing in-flight requests`);
  // Requests first (a post in flight still commits its lead), then the worker and the database.
  shutdown()
    .then(() => leads.close())
    .then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`Shutdown: ${error.message}`);
        process.exit(1);
      },
    );
}
process.once("SIGTERM", onSignal);
process.once("SIGINT", onSignal);
