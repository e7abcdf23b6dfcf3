import type { RequestHandler } from "express";
import { isEventFormPath } from "~/config/paths";
import { contactFormPath } from "~/features/contact/contact-schema";

/**
 * What the server accepts besides GET and HEAD: the contact form's post and
 * an event's registration and cancellation, to their page or to the data URL
 * React Router posts to when JavaScript runs.
 */
export function acceptsPost(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return (
    trimmed === contactFormPath || trimmed === `${contactFormPath}.data` || isEventFormPath(trimmed)
  );
}

/**
 * Only GET, HEAD and the contact form's POST: anything else is 405 Method Not
 * Allowed, with the Allow header listing what the path does accept.
 */
export const allowedMethods: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const postable = acceptsPost(req.path);
  if (req.method === "POST" && postable) return next();
  res
    .status(405)
    .set("Allow", postable ? "GET, HEAD, POST" : "GET, HEAD")
    .set("Connection", "close")
    .type("text/plain")
    .send("Method not allowed.");
};

export type WriteRateLimitOptions = {
  /** Requests other than GET and HEAD one client address may make per window. */
  max: number;
  windowMs: number;
  now?: () => number;
  clientAddress: (req: Parameters<RequestHandler>[0]) => string;
};

/**
 * A per-address limit on every request that is not GET or HEAD, in memory:
 * a fixed window per address. It sits in front of the contact form's own
 * stored limit (server/leads/rate-limit.ts), which counts leads across
 * restarts; this one stops a flood before it reaches the database.
 */
export function writeRateLimit({
  max,
  windowMs,
  now = Date.now,
  clientAddress,
}: WriteRateLimitOptions): RequestHandler {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const time = now();
    if (time >= nextSweep) {
      // Forget finished windows, so the map holds only recent addresses.
      for (const [address, window] of windows) if (window.resetAt <= time) windows.delete(address);
      nextSweep = time + windowMs;
    }
    const address = clientAddress(req);
    let window = windows.get(address);
    if (!window || window.resetAt <= time) {
      window = { count: 0, resetAt: time + windowMs };
      windows.set(address, window);
    }
    window.count += 1;
    if (window.count <= max) return next();
    res
      .status(429)
      .set("Retry-After", String(Math.max(1, Math.ceil((window.resetAt - time) / 1000))))
      .set("Connection", "close")
      .type("text/plain")
      .send("Too many requests: please wait a moment and try again.");
  };
}
