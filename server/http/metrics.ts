import promBundle from "express-prom-bundle";
import type { Request } from "express";

/**
 * Counts and times every request (express-prom-bundle) by route: a route's id from React Router's
 * matcher ("routes/blog.$slug"), never the path itself, so a made-up address cannot add a series.
 * Files of the client build count as one route each kind. One per process, as its histogram is:
 * each app names its build's matcher in `app.locals.routeIdOf`. GET /metrics is served on a
 * listener of its own (METRICS_PORT, server/serve.ts) by `requestMetrics.metricsMiddleware`.
 */
export const requestMetrics = promBundle({
  autoregister: false,
  includeUp: false,
  httpDurationMetricName: "corvanta_http_request_duration_seconds",
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  includeMethod: true,
  includePath: true,
  normalizePath: (req) => routeLabel(req),
  transformLabels: (labels, req) => {
    if (!/^(GET|HEAD|POST)$/.test(req.method)) labels.method = "other";
  },
});

function routeLabel(req: Request): string {
  const pathname = req.path;
  if (pathname === "/healthz" || pathname === "/readyz") return pathname;
  if (pathname.startsWith("/assets/")) return "/assets";
  const routeOf = req.app.locals.routeIdOf as ((path: string) => string | undefined) | undefined;
  const data = pathname.endsWith(".data");
  const id = routeOf?.(data ? pathname.slice(0, -".data".length) || "/" : pathname);
  return id ? `${id}${data ? " (data)" : ""}` : "(no route)";
}
