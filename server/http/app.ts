import { createRequestHandler as createExpressHandler } from "@react-router/express";
import compression from "compression";
import { compressionOptions } from "./compression-options";
import onHeaders from "on-headers";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import {
  createRequestHandler as createReactRouterHandler,
  isRouteErrorResponse,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { appContext, type AppContext } from "~/load-context";
import { isEditingPath } from "~/config/paths";
import { knownQueryOf } from "~/lib/route-handle";
import { clientAddress, formPostGuard, formTokens, refuseOversizedPost } from "../forms/http";
import { contactFormContext } from "../leads/http";
import type { LeadIntake } from "../leads/lead-intake";
import { eventRegistrationContext } from "../registrations/http";
import type { RegistrationDesk } from "../registrations/registration-desk";
import { allowedMethods, writeRateLimit } from "./limits";
import { accessLog, createServerLog, leadLogger, loggedPath, type ServerLog } from "../core/log";
import { cspNonce, securityHeaders } from "./security-headers";
import { clientBuild } from "./static-files";
import { requireValidHost, validHost } from "./host-check";
import { createPageCache, type RenderRecorder } from "./page-cache";
import { isDecodable, routeHandleFinder, routeIdFinder } from "./route-handles";
import { requestMetrics } from "./metrics";

/** The client build (build/client), or Vite's dev middleware in `npm run dev` (decision 008). */
export type ClientFiles =
  | { clientDir: string; viteMiddleware?: undefined; assetStore?: string | undefined }
  | { clientDir?: undefined; viteMiddleware: RequestHandler; assetStore?: undefined };

export type AppOptions = ClientFiles & {
  /** build/server/index.js, or in development a function that loads Vite's current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** "production" hides error details from responses; see server/env.ts. */
  mode?: "production" | "development" | "test";
  /** The clock loaders read (`context.now`, decision 031). */
  now?: () => Date;
  /** Without it the contact form's posts are answered 503. */
  leads?: LeadIntake;
  /** Without it event pages show no seat counts, and registrations are answered 503. */
  registrations?: RegistrationDesk;
  /** Express's "trust proxy" (TRUST_PROXY); by default the client is the socket's peer. */
  trustProxy?: boolean | number | string;
  log?: ServerLog;
  /** The public origin is https (SITE_URL): send HSTS and upgrade-insecure-requests. */
  https?: boolean;
  /** Whether this process takes requests: false once a shutdown began (`/healthz` and `/readyz` 503). */
  serving?: () => boolean;
  /** Whether the database answers: `GET /readyz` is 503 while it does not. */
  ready?: () => Promise<boolean>;
  /** Requests other than GET/HEAD one address may make per minute. */
  writeLimitPerMinute?: number;
};

/**
 * The web application: security headers, limits, health checks, the client build, the page cache
 * for server-rendered pages that allow it (docs/decisions/063), and React Router for everything
 * else (docs/decisions/003). `npm run dev` runs it with Vite in place of the client build and
 * without the page cache (docs/decisions/008).
 */
export function createApp({
  build,
  clientDir,
  viteMiddleware,
  assetStore,
  mode = "production",
  now = () => new Date(),
  leads,
  registrations,
  trustProxy = false,
  log = createServerLog({ level: "silent" }),
  https = false,
  serving = () => true,
  ready = async () => true,
  writeLimitPerMinute = 30,
}: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // ETags are set where a body is kept (prerendered and kept pages), not hashed per response.
  app.set("etag", false);
  app.set("trust proxy", trustProxy);

  app.use(accessLog(log));
  if (typeof build !== "function") app.locals.routeIdOf = routeIdFinder(build);
  app.use(requestMetrics);
  app.use(securityHeaders({ https }));
  app.use(rejectMalformedUrls);
  // Every request but GET and HEAD counts against the limit, refused ones too.
  app.use(writeRateLimit({ max: writeLimitPerMinute, windowMs: 60_000, clientAddress }));
  app.use(allowedMethods);

  // The balancer's check (deploy/Caddyfile): this process answers, and is not stopping. It never
  // asks the database: with the database away the site still serves its pages and spools its
  // enquiries, so an outage must not take the instances out of the balancer (docs/decisions/085).
  app.get("/healthz", (_req, res) => {
    const up = serving();
    res.status(up ? 200 : 503).set("Cache-Control", "no-store");
    res.type("text/plain").send(up ? "ok" : "stopping");
  });
  // For operators and deploy/switch: serving, and the database answers too.
  app.get("/readyz", async (_req, res) => {
    const isReady = serving() && (await ready().catch(() => false));
    res.status(isReady ? 200 : 503).set("Cache-Control", "no-store");
    res.type("text/plain").send(isReady ? "ready" : "not ready");
  });

  const logError: AppContext["logError"] = (error, request) => {
    // A 404 for a path no route matches is an answer, not a failure: its access line says so.
    if (isRouteErrorResponse(error) && error.status < 500) return;
    log.error({ err: error, ...request }, "render failed");
  };
  // The clock loaders read (decision 031) and, when the lead pipeline runs,
  // the contact form's intake and the events' registration desk.
  const formLog = leadLogger(log);
  const loadContext = (
    req: express.Request,
    res: express.Response,
    recorder?: RenderRecorder,
  ): RouterContextProvider => {
    const address = clientAddress(req);
    const contactForm = leads && contactFormContext(leads, address);
    const eventRegistration = registrations && eventRegistrationContext(registrations, address);
    if (recorder) {
      // A page kept for everyone holds no visitor's token (forms fetch theirs,
      // decision 051), and its seat counts are read again for each response.
      const keptPageToken = () => {
        throw new Error("a page kept for everyone cannot hold a form token");
      };
      if (contactForm) contactForm.issueToken = keptPageToken;
      if (eventRegistration) {
        const { seats } = eventRegistration;
        eventRegistration.issueToken = keptPageToken;
        eventRegistration.seats = (slug) => recorder.live(() => seats(slug));
      }
    }
    const value: AppContext = {
      now,
      cspNonce: recorder ? undefined : (res.locals.cspNonce as string),
      logError,
      refuseOversizedPost: refuseOversizedPost(formLog, req, res),
      ...(contactForm ? { contactForm } : {}),
      ...(eventRegistration ? { eventRegistration } : {}),
    };
    return new RouterContextProvider(new Map([[appContext, value]]));
  };

  if (viteMiddleware) app.use(viteMiddleware);
  else app.use(clientBuild(clientDir, { https, assetStore }));

  // An answer that does not say how long it may be kept is checked again each time; set as headers
  // go out, so an answer's own (React Router appends) is the only one; so is the editing UI's CSP (081).
  app.use((req, res, next) => {
    onHeaders(res, () => {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
      const [, own] = [res.getHeader("Content-Security-Policy")].flat();
      if (own && isEditingPath(req.path)) res.setHeader("Content-Security-Policy", own);
    });
    next();
  });
  // React Router builds its request's URL from the Host: a missing or broken one is a 400.
  app.use(requireValidHost);
  app.use(formTokens({ contact: leads?.issueToken, registration: registrations?.issueToken }));
  // The forms' posts: origin and declared size checked; the actions read the bodies (decision 051).
  app.use(formPostGuard(formLog));
  // What is rendered from here on is compressed as it goes out; the build's
  // files above were compressed at build time.
  app.use(compression(compressionOptions));
  // Vite's dev client injects the app's CSS as <style> elements, which take the nonce.
  app.use(cspNonce({ https, styleNonce: viteMiddleware !== undefined }));

  if (typeof build !== "function") {
    const handleOf = routeHandleFinder(build);
    const pageCache = createPageCache({ https, now });
    const reactRouter = createReactRouterHandler(build, mode);
    app.get("/{*path}", (req, res, next) => {
      const handle = handleOf(req.path);
      // Files the build wrote are served above; any other address of theirs is made up.
      if (handle.buildTimeOnly) return res.status(404).type("text/plain").send("Not found");
      if (!handle.pageCache || req.path.endsWith(".data")) return next();
      // Only the values the page knows are keys: any other is rendered for its request alone.
      const query = knownQueryOf(handle.pageCache.query, new URL(req.url, "http://x").searchParams);
      if (!query) return next();
      const url = new URL(`${req.protocol}://${validHost(req.host)}${req.path}`);
      url.search = query.toString();
      // Its renders have this request's context, with the recorder of values read live.
      const render = (renderUrl: URL, recorder: RenderRecorder) =>
        reactRouter(new Request(renderUrl), loadContext(req, res, recorder));
      pageCache.serve(req, res, url, render).catch(next);
    });
  }
  const getLoadContext = (req: express.Request, res: express.Response) => loadContext(req, res);
  app.all("/{*path}", createExpressHandler({ build, mode, getLoadContext }));
  return app.use(handleErrors(log));
}

/** A path that cannot be decoded, or a target that is not a path (`GET *`, absolute form): 400. */
const rejectMalformedUrls: RequestHandler = (req, res, next) => {
  if (req.url.startsWith("/") && isDecodable(req.path)) return next();
  res.status(400).type("text/plain").send("Bad request: the address is not a valid URL.");
};

/** Last stop for errors outside React Router: a status and a plain message, never a stack. */
function handleErrors(log: ServerLog): ErrorRequestHandler {
  return (error: { status?: unknown }, req, res, next) => {
    const status = Number(error?.status);
    const code = Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
    if (code >= 500) {
      const path = loggedPath(req.originalUrl);
      log.error({ err: error, method: req.method, path }, "request failed");
    }
    if (res.headersSent) return next(error);
    res
      .status(code)
      .type("text/plain")
      .send(code === 404 ? "Not found" : code < 500 ? "Bad request" : "Internal server error");
  };
}
