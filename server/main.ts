import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { readEnv } from "./env";
import { startLeadPipeline } from "./leads/pipeline";
import { startServer } from "./lifecycle";
import { createServerLog, leadLogger } from "./log";

/** The whole shutdown, requests, outbox and database, ends within this; then the process exits anyway. */
const shutdownDeadlineMs = 10_000;
/** Of which in-flight requests may take this long… */
const requestGraceMs = 6_000;
/** …and the outbox worker this long to send what is due. */
const outboxFlushMs = 2_500;

// Bundled to build/server/main.js, beside React Router's build/server/index.js.
const env = (() => {
  try {
    return readEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
})();
const log = createServerLog({ level: env.LOG_LEVEL });
const clientDir = fileURLToPath(new URL("../client", import.meta.url));

// The React Router build loads first, then the database is opened and
// migrated, before the first request is accepted. Not both at once: loading
// the build keeps the process busy for a while, and the database's bounded
// waits (DATABASE_TIMEOUT_MS, pg's connect timeout) would count that time.
const build = (await import(new URL("./index.js", import.meta.url).href)) as ServerBuild;
const leads = await startLeadPipeline(env, { log: leadLogger(log) }).catch((error: Error) => {
  log.fatal({ err: error }, "The lead database could not be opened");
  process.exit(1);
});

const app = createApp({
  build,
  clientDir,
  mode: env.NODE_ENV,
  leads: leads.intake,
  trustProxy: env.TRUST_PROXY,
  log,
  https: env.SITE_URL.startsWith("https:"),
  ready: leads.ready,
  writeLimitPerMinute: env.WRITE_RATE_LIMIT_PER_MINUTE,
});
const { listening, shutdown } = startServer(app, {
  port: env.PORT,
  host: env.HOST,
  graceMs: requestGraceMs,
  headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
  requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
});

listening.then(
  ({ port }) => log.info({ port }, `Corvanta Digital site listening on http://localhost:${port}`),
  (error: Error) => {
    log.fatal({ err: error }, "Server failed to start");
    process.exit(1);
  },
);

function onSignal(signal: NodeJS.Signals) {
  log.info({ signal }, "Shutting down: finishing in-flight requests");
  // Whatever happens below, the process is gone within the deadline.
  setTimeout(() => {
    log.error("Shutdown did not finish in time: exiting");
    process.exit(1);
  }, shutdownDeadlineMs).unref();

  // Requests first (a post in flight still commits its lead), then the
  // outbox worker (it sends what is due), then the database.
  shutdown()
    .catch((error: Error) => log.error({ err: error }, "Shutdown: requests cut short"))
    .then(() => leads.close({ flushWithinMs: outboxFlushMs }))
    .then(
      () => {
        log.info("Shutdown complete");
        process.exit(0);
      },
      (error: Error) => {
        log.error({ err: error }, "Shutdown failed");
        process.exit(1);
      },
    );
}
process.once("SIGTERM", onSignal);
process.once("SIGINT", onSignal);
