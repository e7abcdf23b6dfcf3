import type { RequestHandler } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino, type DestinationStream, type Logger as Pino } from "pino";
import type { Logger } from "./logger";

/**
 * The server's log: one JSON object per line on stdout (pino). Every value is
 * JSON-encoded, so a CR or LF in a path or a header cannot start a forged line.
 * Nothing a visitor typed into the form is ever logged: access lines carry the
 * path without its query string, and the lead pipeline logs ids and counts.
 *
 * Lines go to stdout asynchronously and in batches (`stdoutDestination`): a
 * synchronous write per request cost a system call on the request's path,
 * about a fifth of a prerendered page's CPU time under load (issue 11).
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
    destination ?? (level === "silent" ? undefined : stdoutDestination()),
  );
}

/** How long a line may wait in the batch when the server is quiet. */
const logFlushIntervalMs = 250;

/**
 * stdout through pino's asynchronous destination, written when 4 KB of lines
 * have gathered or every quarter second, whichever comes first. pino flushes
 * what is left synchronously when the process exits (its exit hook, which
 * `process.exit` runs too), so the shutdown's last lines are not lost.
 */
function stdoutDestination(): DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    // A closed stdout (its reader gone) is pino's to report, not a crash here.
    if (!(stdout as { destroyed?: boolean }).destroyed) stdout.flush();
  }, logFlushIntervalMs).unref();
  return stdout;
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
 * Writes one access line for a response, when it has been sent (or the client
 * went away first): method, path, status, duration and bytes. Shared by the
 * Express app (`accessLog`) and the fast path (server/fast-path.ts), so both
 * write the same line.
 */
export type AccessLine = (
  req: IncomingMessage,
  res: ServerResponse,
  /** The request target as the client sent it (the path is logged without its query). */
  url: string,
  /** The client address; read when the line is written. */
  ip: () => string | undefined,
  /** When the request began (process.hrtime.bigint()), if before now. */
  started?: bigint,
) => void;

export function accessLine(log: ServerLog): AccessLine {
  const access = log.child({ component: "http" });
  return (req, res, url, ip, started = process.hrtime.bigint()) => {
    let written = false;
    const write = (aborted: boolean) => {
      if (written) return;
      written = true;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        method: req.method,
        path: loggedPath(url),
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
        bytes: Number(res.getHeader("content-length")) || undefined,
        ip: ip(),
        ...(aborted ? { aborted: true } : {}),
      };
      if (res.statusCode >= 500) access.error(line, "request");
      else access.info(line, "request");
    };
    res.once("finish", () => write(false));
    res.once("close", () => write(!res.writableFinished));
  };
}

/** One access line per request (`accessLine`), for the Express app. */
export function accessLog(log: ServerLog): RequestHandler {
  const line = accessLine(log);
  return (req, res, next) => {
    line(req, res, req.originalUrl, () => req.ip);
    next();
  };
}
