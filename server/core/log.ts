import type { RequestHandler } from "express";
import { pino, type DestinationStream, type Logger as Pino } from "pino";
import type { Logger } from "./logger";

/**
 * The server's log: one JSON object per line on stdout (pino), every value JSON-encoded, so a CR
 * or LF in a path or header cannot forge a line. Nothing a visitor typed is logged: access lines
 * carry the path without its query string, and the lead pipeline logs ids and counts.
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

/**
 * stdout, written asynchronously once 4 KB of lines have gathered or every 250 ms: a synchronous
 * write per request cost about a fifth of a prerendered page's CPU time under load (issue 11).
 * pino's exit hook (`process.exit` runs it too) flushes the rest, so the shutdown's lines are kept.
 */
function stdoutDestination(): DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    // A closed stdout (its reader gone) is pino's to report, not a crash here.
    if (!(stdout as { destroyed?: boolean }).destroyed) stdout.flush();
  }, 250).unref();
  return stdout;
}

export function leadLogger(log: ServerLog): Logger {
  const leads = log.child({ component: "leads" });
  return {
    info: (message, fields = {}) => leads.info(fields, message),
    warn: (message, fields = {}) => leads.warn(fields, message),
    error: (message, fields = {}) => leads.error(fields, message),
  };
}

/** The request's path, cut at 300 characters, without the query (it may carry personal data). */
export function loggedPath(originalUrl: string): string {
  const path = originalUrl.split("?", 1)[0] ?? "";
  return path.length > 300 ? `${path.slice(0, 300)}…` : path;
}

const healthPaths = new Set(["/healthz", "/readyz"]);

/** One line per request once its response is sent, or once the client went away first. */
export function accessLog(log: ServerLog): RequestHandler {
  const access = log.child({ component: "http" });
  return (req, res, next) => {
    const started = performance.now();
    let written = false;
    const write = (aborted: boolean) => {
      if (written) return;
      written = true;
      const line = {
        method: req.method,
        path: loggedPath(req.originalUrl),
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        bytes: Number(res.getHeader("content-length")) || undefined,
        ip: req.ip,
        ...(aborted ? { aborted: true } : {}),
      };
      // The proxy asks for /readyz every second and a stopping instance answers
      // it 503 on purpose: its lines are debug, never an error.
      const level = healthPaths.has(req.path) ? "debug" : res.statusCode >= 500 ? "error" : "info";
      access[level](line, "request");
    };
    res.once("finish", () => write(false));
    res.once("close", () => write(!res.writableFinished));
    next();
  };
}
