import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import path from "node:path";
import {
  createRequestHandler as createReactRouterHandler,
  isRouteErrorResponse,
  type AppLoadContext,
  type ServerBuild,
} from "react-router";
import { clientAddress, contactFormContext, formPostGuard } from "./leads/http";
import type { LeadIntake } from "./leads/lead-intake";
import { eventRegistrationContext } from "./registrations/http";
import type { RegistrationDesk } from "./registrations/registration-desk";
import { allowedMethods, writeRateLimit } from "./limits";
import { accessLog, createServerLog, leadLogger, loggedPath, type ServerLog } from "./log";
import { securityHeaders, setPolicy } from "./security-headers";
import { compressDocument, precompressedAsset, sendDocument } from "./precompressed";
import { createRequestHandler, requireValidHost } from "./request-handler";
import { findPrerenderedPages } from "./static-pages";
import { renderCache } from "./render-cache";

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

/** Hashed assets never change under their name. */
const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** HTML may change with any deploy: browsers revalidate it on every visit. */
const HTML_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/**
 * The web application: compression, health check, hashed assets cached for a
 * year, prerendered pages served as files, and React Router for everything
 * else (docs/decisions/003). `npm run dev` runs this same app with Vite in
 * place of the client build (docs/decisions/008).
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
}: AppOptions): express.Express {
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

  if (viteMiddleware) app.use(viteMiddleware);
  else serveClientBuild(app, clientDir, { https });

  app.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-cache");
    next();
  });
  // React Router builds its request's URL from the Host: a missing or broken one is a 400.
  app.use(requireValidHost);
  // The forms' posts: origin and size checked, body buffered (docs/decisions/051).
  app.use(formPostGuard({ log: leadLogger(log) }));
  // Server-rendered pages that allow it are rendered at most once a minute (docs/decisions/063).
  const reactRouter = createReactRouterHandler(build, mode);
  const logError: AppLoadContext["logError"] = (error, request) => {
    // A 404 for a path no route matches is an answer, not a failure: its access line says so.
    if (isRouteErrorResponse(error) && error.status < 500) return;
    log.error({ err: error, ...request }, "render failed");
  };
  // Not in development, where an edit must show on the next request.
  if (!viteMiddleware) {
    app.use(
      renderCache({
        now,
        render: (req, context) =>
          reactRouter(
            new Request(
              new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`),
              {
                headers: { "user-agent": req.get("user-agent") ?? "" },
              },
            ),
            { now, logError, ...context } as AppLoadContext,
          ),
        substitutions: [
          {
            standIn: "cspnonce",
            context: (standIn) => ({ cspNonce: standIn }),
            value: (_req, res) => res.locals.cspNonce as string,
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
        ],
      }),
    );
  }
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
  return app;
}

/**
 * The client build: hashed assets cached for a year (precompressed when the
 * build wrote .br/.gz), prerendered pages by exact path, then the other files.
 */
function serveClientBuild(app: express.Express, clientDir: string, { https }: { https: boolean }) {
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

  app.use(servePrerenderedPages(clientDir, { https }));

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
 * Serves the HTML of prerendered pages at their clean paths (/about, never a
 * redirect to /about/), compressed once at start-up. Anything not prerendered
 * falls through to React Router.
 */
function servePrerenderedPages(clientDir: string, { https }: { https: boolean }): RequestHandler {
  const started = new Date();
  const pages = new Map(
    [...findPrerenderedPages(clientDir)].map(([urlPath, page]) => [
      urlPath,
      { ...page, document: compressDocument(page.file, started) },
    ]),
  );
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // /about/index.html names the page by its file, where its inline scripts'
    // hashes are not allowed: send the browser to the page's own address.
    const byFile = /^(.*)\/index\.html$/.exec(req.path);
    if (byFile && pages.has(byFile[1] || "/")) {
      const queryAt = req.originalUrl.indexOf("?");
      const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
      res.redirect(301, `${byFile[1] || "/"}${query}`);
      return;
    }
    const page = pages.get(req.path);
    if (!page) return next();
    // Rendered at build time, the page's inline scripts carry no nonce: its policy allows them by hash.
    setPolicy(res, { inlineScripts: page.scriptHashes, https });
    res.setHeader("Cache-Control", HTML_CACHE_CONTROL);
    res.type("html");
    sendDocument(req, res, page.document);
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
