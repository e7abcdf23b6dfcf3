import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RequestHandler } from "express";
import { httpRequestDuration, httpRequests, metricsRegistry } from "../core/metrics";

/**
 * Counts and times every request by route: a route's id from React Router's
 * matcher ("routes/blog.$slug"), never the path itself, so a made-up address
 * cannot add a series. Files of the client build count as one route each kind.
 */
export function requestMetrics(routeOf: (pathname: string) => string | undefined): RequestHandler {
  return (req, res, next) => {
    const stopTimer = httpRequestDuration.startTimer();
    res.once("finish", () => {
      const route = routeLabel(req.path, routeOf);
      const method = /^(GET|HEAD|POST)$/.test(req.method) ? req.method : "other";
      stopTimer({ method, route });
      httpRequests.inc({ method, route, status: String(res.statusCode) });
    });
    next();
  };
}

function routeLabel(pathname: string, routeOf: (pathname: string) => string | undefined): string {
  if (pathname === "/healthz" || pathname === "/readyz") return pathname;
  if (pathname.startsWith("/assets/")) return "/assets";
  const data = pathname.endsWith(".data");
  const id = routeOf(data ? pathname.slice(0, -".data".length) || "/" : pathname);
  return id ? `${id}${data ? " (data)" : ""}` : "(no route)";
}

/**
 * GET /metrics on a listener of its own (METRICS_PORT), never through the
 * site's port: the proxy does not send it there, and on loopback only
 * Prometheus on the same machine (or through an SSH tunnel) reads it.
 */
export function startMetricsServer({ port, host }: { port: number; host: string }): {
  server: Server;
  listening: Promise<AddressInfo>;
} {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": metricsRegistry.contentType }).end(text),
      (error: Error) =>
        res
          .writeHead(500, { "Content-Type": "text/plain" })
          .end(`metrics failed: ${error.message}`),
    );
  });
  const listening = new Promise<AddressInfo>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server.address() as AddressInfo));
  });
  return { server, listening };
}
