import type { RequestHandler } from "express";
import { pino, type DestinationStream, type Logger as Pino } from "pino";
import type { Logger } from "./leads/logger";

/**
 * The server's log: one JSON object per line on stdout (pino). Every value is
 * JSON-encoded, so a CR or LF in a path or a header cannot start a forged line.
 * Nothing a visitor typed into the form is ever logged: access lines carry the
 * path without its query string, and the lead pipeline logs ids and counts.
 */
export type ServerLog = Pino;

export function createServerLog({
  level = "info",
  destination,
}: { level?: string; destination?: DestinationStream } = {}): ServerLog {
  return pino(
    {
      level,
      base: { service: "corvanta-site" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** The lead pipeline's plain-message logger, writing to the server's log. */
export function leadLogger(log: ServerLog): Logger {
  const leads = log.child({ component: "leads" });
  return {
    info: (message, fields = {}) => leads.info(fields, message),
    warn: (message, fields = {}) => leads.warn(fields, message),
    error: (message, fields = {}) => leads.error(fields, message),
  };
}

/** The longest path an access line keeps; longer ones are cut and marked. */
const maxLoggedPathLength = 300;

/** The request's path, without the query string (it may carry personal data). */
export function loggedPath(originalUrl: string): string {
  const path = originalUrl.split("?", 1)[0] ?? "";
  return path.length > maxLoggedPathLength ? `${path.slice(0, maxLoggedPathLength)}…` : path;
}

/**
 * One access line per request, written when the response has been sent (or
 * the client went away first): method, path, status, duration and bytes.
 */
export function accessLog(log: ServerLog): RequestHandler {
  const access = log.child({ component: "http" });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let written = false;
    const write = (aborted: boolean) => {
      if (written) return;
      written = true;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        method: req.method,
        path: loggedPath(req.originalUrl),
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
        bytes: Number(res.getHeader("content-length")) || undefined,
        ip: req.ip,
        ...(aborted ? { aborted: true } : {}),
      };
      if (res.statusCode >= 500) access.error(line, "request");
      else access.info(line, "request");
    };
    res.once("finish", () => write(false));
    res.once("close", () => write(!res.writableFinished));
    next();
  };
}
