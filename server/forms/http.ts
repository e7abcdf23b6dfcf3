import type { Request, RequestHandler, Response } from "express";
import { formTokenPath, tokenForms, type TokenForm } from "~/config/paths";
import { maxFormBodyBytes, tooLargeMessage } from "~/lib/forms/read-form";
import { acceptsPost } from "./form-paths";
import type { Logger } from "../core/logger";

/**
 * Before React Router, for every post to a form's route: posts from other sites get 403 and a
 * declared Content-Length over 64 KB gets 413, unread. The action refuses a body without a length
 * as it passes the limit (read-form.ts).
 */
export function formPostGuard(log: Logger): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || !acceptsPost(req.path)) return next();
    if (!isSameOriginPost(req)) {
      logRejected(log, req, "cross-origin");
      refuse(res, 403, "Forbidden: the form accepts posts from this site only.");
    } else if (Number(req.get("content-length")) > maxFormBodyBytes) {
      logRejected(log, req, `body over ${maxFormBodyBytes} bytes`);
      refuse(res, 413, tooLargeMessage);
    } else next();
  };
}

/** GET /forms/<form>/token: a fresh token for each view of a form's page (decision 051). */
export function formTokens(issuers: Partial<Record<TokenForm, () => string>>): RequestHandler {
  const byPath = new Map(tokenForms.map((form) => [formTokenPath(form), issuers[form]]));
  return (req, res, next) => {
    const issue = byPath.get(req.path);
    if (!issue || (req.method !== "GET" && req.method !== "HEAD")) return next();
    res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" }).json({ token: issue() });
  };
}

/** For the load context: the action found the body over the limit; the connection closes after the answer. */
export function refuseOversizedPost(log: Logger, req: Request, res: Response) {
  return () => {
    logRejected(log, req, `body over ${maxFormBodyBytes} bytes`);
    res.set("Connection", "close");
  };
}

/** The client's address: X-Forwarded-For only as far as TRUST_PROXY allows, else the socket's peer. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/** Browsers send Sec-Fetch-Site with every request and Origin with every post: neither, not ours. */
export function isSameOriginPost(req: Request): boolean {
  const site = req.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = req.get("origin");
  return origin !== undefined && origin === `${req.protocol}://${req.host}`;
}

function logRejected(log: Logger, req: Request, reason: string) {
  log.warn(`Form post: rejected a post from ${clientAddress(req)} (${reason})`);
}

function refuse(res: Response, status: number, message: string) {
  // The body is never read: close the connection rather than drain it.
  res.set("Connection", "close").status(status).type("text/plain").send(message);
}
