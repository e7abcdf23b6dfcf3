import closeWithGrace from "close-with-grace";
import express from "express";
import type { Server } from "node:http";
import { isIPv6, type AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { createApp, type ClientFiles } from "./http/app";
import { readEnv, type ServerEnv } from "./env";
import { startLeadPipeline } from "./services";
import { startServer } from "./http/lifecycle";
import { requestMetrics } from "./http/metrics";
import { leadLogger, type ServerLog } from "./core/log";

/*
 * The server process around the app, the same for `npm start` (main.ts) and `npm run dev` (dev.ts),
 * which differ only in where the build and the browser's files come from: the lead database, the
 * app, the HTTP server and the shutdown on SIGTERM or SIGINT. See docs/decisions/003 and 008.
 * Once the drain is over the shutdown ends within 10 s, else the process exits anyway; of those,
 * in-flight requests may take 6 s and the outbox worker 2.5 s to start sending what is due.
 */
const shutdownDeadlineMs = 10_000;
const requestGraceMs = 6_000;
const outboxFlushMs = 2_500;

type SiteFiles = ClientFiles & { build: ServerBuild | (() => Promise<ServerBuild>) };

/** The environment (server/env.ts), or a message naming what is wrong and exit 1. */
export function readEnvOrExit(): ServerEnv {
  try {
    return readEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/**
 * Opens the lead database, then serves the app. Resolves once the HTTP server exists (for Vite's
 * HMR websocket) with the promise of its address; exits on a start-up failure. `beforeClose` runs
 * when the requests in flight are done.
 */
export async function serveSite({
  env,
  log,
  files,
  beforeClose = async () => undefined,
}: {
  env: ServerEnv;
  log: ServerLog;
  files: SiteFiles | Promise<SiteFiles>;
  beforeClose?: () => Promise<void>;
}): Promise<{ server: Server; listening: Promise<AddressInfo> }> {
  const exitOn = (message: string) => (error: Error) => {
    log.fatal({ err: error }, message);
    process.exit(1);
  };
  // The build loads before the database opens, not at the same time: loading
  // keeps the process busy, and the database's bounded waits would count it.
  const site = await files;
  const leads = await startLeadPipeline(env, { log: leadLogger(log) }).catch(
    exitOn("The lead database could not be opened"),
  );

  // From the first moment of a shutdown /healthz (the proxy's check) and /readyz answer 503, so
  // the proxy stops sending here while the drain still answers what it sends (SHUTDOWN_DRAIN_MS).
  let stopping = false;
  const app = createApp({
    ...site,
    mode: env.NODE_ENV,
    leads: leads.intake,
    registrations: leads.registrations,
    trustProxy: env.TRUST_PROXY,
    log,
    https: env.SITE_URL.startsWith("https:"),
    serving: () => !stopping,
    ready: () => leads.ready(),
    writeLimitPerMinute: env.WRITE_RATE_LIMIT_PER_MINUTE,
  });
  const { server, listening, shutdown } = startServer(app, {
    port: env.PORT,
    host: env.HOST,
    graceMs: requestGraceMs,
    drainMs: env.SHUTDOWN_DRAIN_MS,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
  });
  listening.then(
    ({ port }) => log.info({ port }, `Corvanta Digital site listening on ${urlOf(env.HOST, port)}`),
    exitOn("Server failed to start"),
  );

  // GET /metrics on a listener of its own, never through the site's port: the proxy does not
  // send it there, and on loopback only Prometheus on the same machine reads it.
  const metrics =
    env.METRICS_PORT === undefined
      ? undefined
      : startServer(express().get("/metrics", requestMetrics.metricsMiddleware), {
          port: env.METRICS_PORT,
          host: env.METRICS_HOST,
          drainMs: 0,
        });
  metrics?.listening.then(
    ({ port }) => log.info({ port }, `Metrics on ${urlOf(env.METRICS_HOST, port)}/metrics`),
    exitOn("The metrics listener failed to start"),
  );

  // On SIGTERM, SIGINT or an uncaught error: requests first (a post in flight
  // still commits), then the outbox worker sends what is due, then the
  // database. close-with-grace exits 0 when done, 1 on an error or past the deadline.
  closeWithGrace(
    {
      delay: env.SHUTDOWN_DRAIN_MS + shutdownDeadlineMs,
      logger: { error: (error: unknown) => log.error({ err: error }, "Shutdown failed") },
      onTimeout: () => log.error("Shutdown did not finish in time: exiting"),
      onSecondSignal: (signal) => log.error({ signal }, "A second signal: exiting at once"),
      onSecondError: (error) => log.error({ err: error }, "A second error: exiting at once"),
    },
    async ({ signal, err }) => {
      if (err) log.fatal({ err }, "Unexpected error: shutting down");
      else {
        log.info(
          { signal, drainMs: env.SHUTDOWN_DRAIN_MS },
          "Shutting down: /healthz and /readyz answer 503; serving while the proxy stops sending, then finishing in-flight requests",
        );
      }
      stopping = true;
      await shutdown().catch((error: Error) =>
        log.error({ err: error }, "Shutdown: requests cut short"),
      );
      await beforeClose();
      await leads.close({ flushWithinMs: outboxFlushMs });
      void metrics?.shutdown().catch(() => undefined);
      log.info("Shutdown complete");
    },
  );

  return { server, listening };
}

/** The address a listener can be reached at: HOST as given (IPv6 in brackets), localhost when every interface. */
export function urlOf(host: string | undefined, port: number): string {
  const name = host === undefined || host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return `http://${isIPv6(name) ? `[${name}]` : name}:${port}`;
}
