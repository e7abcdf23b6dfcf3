import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { createServer, type IncomingMessage, type RequestListener, type Server } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import {
  createRequestHandler as createReactRouterHandler,
  isRouteErrorResponse,
  type AppLoadContext,
  type ServerBuild,
} from "react-router";
import { contactFormContext } from "../leads/http";
import { clientAddress, formPostGuard } from "../forms/http";
import type { LeadIntake } from "../leads/lead-intake";
import { eventRegistrationContext } from "../registrations/http";
import type { RegistrationDesk } from "../registrations/registration-desk";
import { allowedMethods, writeRateLimit } from "./limits";
import {
  accessLine,
  accessLog,
  createServerLog,
  leadLogger,
  loggedPath,
  type ServerLog,
} from "../core/log";
import { securityHeaders } from "./security-headers";
import { ASSET_CACHE_CONTROL, precompressedAsset } from "./precompressed";
import { createRequestHandler, requireValidHost } from "./request-handler";
import { createFastPath, HTML_CACHE_CONTROL, prerenderedResponses } from "./fast-path";
import { createRenderCache } from "./render-cache";

/**
 * Where the browser's files come from: the client build in production, Vite in
 * development (`npm run dev`, server/dev.ts). Everything else about the app is
 * the same in both. See docs/decisions/008.
 */
export type ClientFiles =
  | {
      /** The client build folder (build/client): assets and prerendered pages. */
      clientDir: string;
      viteMiddleware?: undefined;
    }
  | {
      clientDir?: undefined;
      /**
       * Vite's dev middleware: the app's modules, the HMR client and public/.
       * Every page is then rendered per request, none prerendered.
       */
      viteMiddleware: RequestHandler;
    };

export type AppOptions = ClientFiles & {
  /**
   * The React Router server build: build/server/index.js, or in development a
   * function that loads the current one from Vite on each request.
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
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
   * The events' registration desk (server/registrations). Without it event
   * pages show no seat counts, and registrations are answered 503.
   */
  registrations?: RegistrationDesk;
  /**
   * Which proxies may set X-Forwarded-For (Express's "trust proxy", from
   * TRUST_PROXY). None by default: the client address is the socket's peer.
   */
  trustProxy?: boolean | number | string;
  /** The structured log (server/log.ts): access lines, errors, rejected posts. */
  log?: ServerLog;
  /** The public origin is https (SITE_URL): send HSTS and upgrade-insecure-requests. */
  https?: boolean;
  /**
   * Resolves true when the server can serve its purpose, i.e. the lead
   * database answers; `GET /readyz` answers 503 otherwise. Always ready without it.
   */
  ready?: () => Promise<boolean>;
  /** Requests other than GET/HEAD one address may make per minute. */
  writeLimitPerMinute?: number;
};

/**
 * The app as the HTTP server runs it: a request listener (the fast path in
 * front of Express in production, Express alone in development), and
 * `listen` for tests that serve it on a port of their own.
 */
export type SiteApp = RequestListener & { listen: (port: number, host: string) => Server };

/**
 * The web application: compression, health check, hashed assets cached for a
 * year, prerendered pages served from memory, and React Router for everything
 * else (docs/decisions/003), with the render cache in front of it. In
 * production the fast path (server/fast-path.ts) answers prerendered and
 * cached pages before Express. `npm run dev` runs this same app with Vite in
 * place of the client build, without the fast path and the cache
 * (docs/decisions/008).
 */
export function createApp({
  build,
  clientDir,
  viteMiddleware,
  mode = "production",
  now = () => new Date(),
  leads,
  registrations,
  trustProxy = false,
  log = createServerLog({ level: "silent" }),
  https = false,
  ready = async () => true,
  writeLimitPerMinute = 30,
}: AppOptions): SiteApp {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);

  app.use(accessLog(log));
  // Vite's dev client injects the app's CSS as <style> elements, which take the nonce.
  app.use(securityHeaders({ https, styleNonce: viteMiddleware !== undefined }));
  app.use(rejectMalformedUrls);
  // Every request but GET and HEAD counts against the limit, refused ones too.
  app.use(writeRateLimit({ max: writeLimitPerMinute, windowMs: 60_000, clientAddress }));
  app.use(allowedMethods);
  app.use(compression());

  // Liveness: the process answers. Readiness: it can also reach its database.
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send("ok");
  });
  app.get("/readyz", async (_req, res) => {
    const isReady = await ready().catch(() => false);
    res
      .status(isReady ? 200 : 503)
      .set("Cache-Control", "no-store")
      .type("text/plain")
      .send(isReady ? "ready" : "not ready");
  });

  // Server-rendered pages that allow it are rendered at most once a minute (docs/decisions/063).
  const reactRouter = createReactRouterHandler(build, mode);
  const logError: AppLoadContext["logError"] = (error, request) => {
    // A 404 for a path no route matches is an answer, not a failure: its access line says so.
    if (isRouteErrorResponse(error) && error.status < 500) return;
    log.error({ err: error, ...request }, "render failed");
  };
  // Not in development, where an edit must show on the next request.
  const renderCache = viteMiddleware
    ? undefined
    : createRenderCache({
        now,
        // No user agent: the page is kept for every visitor, so it is
        // rendered complete, as prerendering does, never streamed as for
        // the browser that happened to ask first (app/entry.server.tsx).
        render: (url, context) =>
          reactRouter(new Request(url), { now, logError, ...context } as AppLoadContext),
        substitutions: [
          {
            standIn: "cspnonce",
            context: (standIn) => ({ cspNonce: standIn }),
            value: ({ cspNonce }) => cspNonce,
          },
          {
            standIn: "formtoken",
            context: (standIn) =>
              leads
                ? {
                    contactForm: {
                      issueToken: () => standIn,
                      receive: () => Promise.reject(new Error("a cached render receives no post")),
                    },
                  }
                : {},
            value: () => leads?.issueToken(),
          },
          {
            // An event page that takes registrations: its form's token, and
            // its seat counts as a live read, checked again on every request.
            standIn: "registrationtoken",
            context: (standIn, track) =>
              registrations
                ? {
                    eventRegistration: {
                      issueToken: () => standIn,
                      seats: (slug) => track(() => registrations.seats(slug)),
                      register: () => Promise.reject(new Error("a cached render takes no post")),
                      checkCancellation: () =>
                        Promise.reject(new Error("a cached render checks no cancellation")),
                      cancel: () => Promise.reject(new Error("a cached render takes no post")),
                    },
                  }
                : {},
            value: () => registrations?.issueToken(),
          },
        ],
      });
  const prerendered = clientDir === undefined ? undefined : prerenderedResponses(clientDir, https);
  if (viteMiddleware) app.use(viteMiddleware);
  else serveClientBuild(app, clientDir, new Set(prerendered?.keys()), renderCache?.serveDataModule);

  app.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-cache");
    next();
  });
  // React Router builds its request's URL from the Host: a missing or broken one is a 400.
  app.use(requireValidHost);
  // The forms' posts: origin and size checked, body buffered (docs/decisions/051).
  app.use(formPostGuard({ log: leadLogger(log) }));
  if (renderCache) app.use(renderCache.middleware);
  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode,
      // The clock loaders read (decision 031) and, when the lead pipeline runs,
      // the contact form's intake and the events' registration desk.
      getLoadContext: (_req, res) => ({
        now,
        cspNonce: res.locals.cspNonce as string,
        logError,
        ...(leads ? { contactForm: contactFormContext(leads, res) } : {}),
        ...(registrations
          ? { eventRegistration: eventRegistrationContext(registrations, res) }
          : {}),
      }),
    }),
  );

  app.use(handleErrors(log));

  const listener: RequestListener =
    prerendered && renderCache
      ? createFastPath({
          prerendered,
          renderCache,
          https,
          accessLine: accessLine(log),
          clientIp: expressClientIp(app),
          app,
        })
      : app;
  return Object.assign(listener, {
    listen: (port: number, host: string) => createServer(listener).listen(port, host),
  });
}

/**
 * The client address Express gives a request (`req.ip`, with the app's trust
 * proxy setting), for a request the fast path answers without Express.
 */
function expressClientIp(app: express.Express): (req: IncomingMessage) => string | undefined {
  // Worked out once per connection and X-Forwarded-For, the only inputs:
  // a keep-alive connection's requests come from the same peer.
  type Known = { forwardedFor: string | string[] | undefined; ip: string | undefined };
  const known = new WeakMap<Socket, Known>();
  return (req) => {
    const forwardedFor = req.headers["x-forwarded-for"];
    const seen = known.get(req.socket);
    if (seen && seen.forwardedFor === forwardedFor) return seen.ip;
    const expressRequest = Object.create(app.request, {
      headers: { value: req.headers },
      socket: { value: req.socket },
      connection: { value: req.socket },
    }) as express.Request;
    const ip = expressRequest.ip;
    known.set(req.socket, { forwardedFor, ip });
    return ip;
  };
}

/**
 * The client build: hashed assets cached for a year (precompressed when the
 * build wrote .br/.gz), prerendered pages by exact path, then the other files.
 */
function serveClientBuild(
  app: express.Express,
  clientDir: string,
  prerenderedPaths: ReadonlySet<string>,
  /** The render cache's data modules (server/render-cache.ts): not files, so after the files. */
  serveDataModule: RequestHandler | undefined,
) {
  // Vite fingerprints every file under /assets, so each name is a version.
  const assetsDir = path.join(clientDir, "assets");
  app.use("/assets", (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const compressed = precompressedAsset(assetsDir, req.path, req);
    if (!compressed) return next();
    res.type(path.extname(req.path)).vary("Accept-Encoding");
    const headers = {
      "Content-Encoding": compressed.encoding,
      "Cache-Control": ASSET_CACHE_CONTROL,
    };
    res.sendFile(compressed.file, { headers }, (error) => {
      if (error) next(error);
    });
  });
  if (serveDataModule) app.use("/assets", serveDataModule);
  app.use(
    "/assets",
    express.static(assetsDir, {
      // The same header as the precompressed files above.
      cacheControl: false,
      setHeaders: (res) => res.setHeader("Cache-Control", ASSET_CACHE_CONTROL),
      index: false,
      redirect: false,
      fallthrough: false,
    }),
  );

  app.use(redirectPageFiles(prerenderedPaths));

  // The rest of the client build: favicon, robots, the .data of prerendered pages.
  // Never a page's HTML file or a precompressed copy by its own name: those are
  // served above, at the page's address, with the right policy and encoding.
  const staticFiles = express.static(clientDir, {
    index: false,
    redirect: false,
    setHeaders: (res, file) => {
      res.setHeader("Cache-Control", HTML_CACHE_CONTROL);
      // The same type React Router gives the .data it renders on demand.
      if (file.endsWith(".data")) res.setHeader("Content-Type", "text/x-script; charset=utf-8");
    },
  });
  app.use((req, res, next) =>
    /\.(html|br|gz)$/i.test(req.path) ? next() : staticFiles(req, res, next),
  );
}

/**
 * Prerendered pages are served at their clean paths (/about, never a redirect
 * to /about/) by the fast path (server/fast-path.ts); anything not
 * prerendered falls through to React Router. /about/index.html names the page
 * by its file, where its inline scripts' hashes are not allowed: the browser
 * is sent to the page's own address.
 */
function redirectPageFiles(prerenderedPaths: ReadonlySet<string>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const byFile = /^(.*)\/index\.html$/.exec(req.path);
    if (!byFile || !prerenderedPaths.has(byFile[1] || "/")) return next();
    const queryAt = req.originalUrl.indexOf("?");
    const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
    res.redirect(301, `${byFile[1] || "/"}${query}`);
  };
}

/**
 * A path that cannot be percent-decoded is a bad request, not a crash; so is
 * a request target that is not a path (`GET *`, or the absolute form only a
 * proxy should receive).
 */
const rejectMalformedUrls: RequestHandler = (req, res, next) => {
  try {
    if (!req.url.startsWith("/")) throw new URIError("not a path");
    decodeURIComponent(req.path);
    next();
  } catch {
    res.status(400).type("text/plain").send("Bad request: the address is not a valid URL.");
  }
};

/** Last stop for errors outside React Router: a status and a plain message, never a stack. */
function handleErrors(log: ServerLog): ErrorRequestHandler {
  return (error, req, res, next) => {
    const status = httpStatusOf(error);
    if (status >= 500) {
      log.error(
        { err: error, method: req.method, path: loggedPath(req.originalUrl) },
        "request failed",
      );
    }
    if (res.headersSent) return next(error);
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Internal server error");
  };
}

function httpStatusOf(error: unknown): number {
  const status =
    typeof error === "object" && error !== null && "status" in error ? Number(error.status) : NaN;
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}
