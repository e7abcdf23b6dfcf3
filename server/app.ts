import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { contactFormContext, contactPostGuard } from "./leads/http";
import type { LeadIntake } from "./leads/lead-intake";
import { consoleLogger, type Logger } from "./leads/logger";
import { findPrerenderedPages } from "./static-pages";

export type AppOptions = {
  /** The React Router server build (build/server/index.js). */
  build: ServerBuild;
  /** The client build folder (build/client): assets and prerendered pages. */
  clientDir: string;
  /** "production" hides error details from responses; see server/env.ts. */
  mode?: "production" | "development" | "test";
  /**
   * The clock loaders read (`context.now`, app/lib/request-clock.ts): the
   * events page's upcoming/past split and the calendar files' DTSTAMP. The
   * real clock unless a test starts the app at a chosen instant.
   */
  now?: () => Date;
  /**
   * The contact form's lead pipeline (server/leads). Without it the contact
   * page still renders, and its form posts are answered 503.
   */
  leads?: LeadIntake;
  /**
   * Which proxies may set X-Forwarded-For (Express's "trust proxy", from
   * TRUST_PROXY). None by default: the client address is the socket's peer.
   */
  trustProxy?: boolean | number | string;
  /** Where the contact form's guard reports rejected posts. */
  log?: Logger;
};

/** HTML may change with any deploy: browsers revalidate it on every visit. */
const HTML_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/**
 * The production web application: compression, health check, hashed assets
 * cached for a year, prerendered pages served as files, and React Router for
 * everything else. See docs/decisions/003.
 */
export function createApp({
  build,
  clientDir,
  mode = "production",
  now = () => new Date(),
  leads,
  trustProxy = false,
  log = consoleLogger,
}: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);

  app.use(rejectMalformedUrls);
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send("ok");
  });

  // Vite fingerprints every file under /assets, so each name is a version.
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      redirect: false,
      fallthrough: false,
    }),
  );

  app.use(servePrerenderedPages(clientDir));

  // The rest of the client build: favicon, robots, the .data of prerendered pages.
  app.use(
    express.static(clientDir, {
      index: false,
      redirect: false,
      setHeaders: (res, file) => {
        res.setHeader("Cache-Control", HTML_CACHE_CONTROL);
        // The same type React Router gives the .data it renders on demand.
        if (file.endsWith(".data")) res.setHeader("Content-Type", "text/x-script; charset=utf-8");
      },
    }),
  );

  app.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-cache");
    next();
  });
  // The contact form's posts: origin and size checked, body buffered (docs/decisions/051).
  app.use(contactPostGuard({ log }));
  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode,
      // The clock loaders read (decision 031) and, when the lead pipeline runs,
      // the contact form's intake.
      getLoadContext: (_req, res) => ({
        now,
        ...(leads ? { contactForm: contactFormContext(leads, res) } : {}),
      }),
    }),
  );

  app.use(handleErrors);
  return app;
}

/**
 * Serves the HTML of prerendered pages at their clean paths (/about, never a
 * redirect to /about/). Anything not prerendered falls through to React Router.
 */
function servePrerenderedPages(clientDir: string): RequestHandler {
  const pages = findPrerenderedPages(clientDir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = pages.get(req.path);
    if (!file) return next();
    res.sendFile(file, { headers: { "Cache-Control": HTML_CACHE_CONTROL } }, (error) => {
      if (error) next(error);
    });
  };
}

/** A path that cannot be percent-decoded is a bad request, not a crash. */
const rejectMalformedUrls: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    res.status(400).type("text/plain").send("Bad request: the address is not a valid URL.");
  }
};

/** Last stop for errors outside React Router: a status and a plain message, never a stack. */
const handleErrors: ErrorRequestHandler = (error, req, res, next) => {
  const status = httpStatusOf(error);
  if (status >= 500) console.error(`${req.method} ${req.path} failed:`, error);
  if (res.headersSent) return next(error);
  res
    .status(status)
    .type("text/plain")
    .send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Internal server error");
};

function httpStatusOf(error: unknown): number {
  const status =
    typeof error === "object" && error !== null && "status" in error ? Number(error.status) : NaN;
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}
