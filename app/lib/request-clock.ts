import type { RouterContextProvider } from "react-router";
import { appContextOf } from "~/load-context";

/**
 * The current instant as loaders see it. The server hands its clock to React
 * Router through the load context (`createApp`'s `now` option in
 * server/http/app.ts, the real clock unless a test passes a fixed one; declared in
 * app/load-context.ts), so a browser test can serve the events page at a
 * chosen instant. Nothing in a request can set it. Prerendering has no load
 * context: the real clock then. See docs/decisions/031.
 */
export function requestTime(context: Readonly<RouterContextProvider> | undefined): Date {
  return appContextOf(context).now?.() ?? new Date();
}
