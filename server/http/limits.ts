import type { RequestHandler } from "express";
import { isEditingApiPath } from "~/config/paths";
import { acceptsPost } from "../forms/form-paths";
import { LRUCache } from "lru-cache";
import { rateLimitBucket } from "../forms/rate-limit";

/**
 * GET, HEAD, and POST to the forms and to the editing API (Keystatic saves and refreshes its
 * sign-in with POST, decision 081): anything else is 405, with the Allow header.
 */
export const allowedMethods: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const postable = acceptsPost(req.path) || isEditingApiPath(req.path);
  if (req.method === "POST" && postable) return next();
  res
    .status(405)
    .set("Allow", postable ? "GET, HEAD, POST" : "GET, HEAD")
    .set("Connection", "close")
    .type("text/plain")
    .send("Method not allowed.");
};

export type WriteRateLimitOptions = {
  max: number;
  windowMs: number;
  now?: () => number;
  clientAddress: (req: Parameters<RequestHandler>[0]) => string;
  /** The most clients it remembers at once: made-up addresses never grow it past that. */
  maxClients?: number;
};

/**
 * A per-client fixed window, in memory, on every request but GET and HEAD: it
 * stops a flood before the forms' stored limit (forms/rate-limit.ts) reaches
 * the database. A client is an IPv4 address or an IPv6 /64, as there.
 */
export function writeRateLimit({
  max,
  windowMs,
  now = Date.now,
  clientAddress,
  maxClients = 10_000,
}: WriteRateLimitOptions): RequestHandler & { clients: () => number } {
  // Full, it forgets the client it heard from longest ago; that client starts counting again.
  const windows = new LRUCache<string, { hits: number; resetAt: number }>({ max: maxClients });
  const handler: RequestHandler = (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const time = now();
    const client = rateLimitBucket(clientAddress(req));
    let window = windows.get(client);
    if (!window || window.resetAt <= time) {
      window = { hits: 0, resetAt: time + windowMs };
      windows.set(client, window);
    }
    const { resetAt } = window;
    if (++window.hits <= max) return next();
    res
      .status(429)
      .set("Retry-After", String(Math.max(1, Math.ceil((resetAt - time) / 1000))))
      .set("Connection", "close")
      .type("text/plain")
      .send("Too many requests: please wait a moment and try again.");
  };
  return Object.assign(handler, { clients: () => windows.size });
}
