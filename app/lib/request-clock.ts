import type { AppLoadContext } from "react-router";

/**
 * The current instant as loaders see it. The production server hands its clock
 * to React Router through the load context (`createApp`'s `now` option in
 * server/app.ts, the real clock unless a test passes a fixed one), so a browser
 * test can serve the events page at a chosen instant. Nothing in a request can
 * set it. See docs/decisions/031.
 */
declare module "react-router" {
  interface AppLoadContext {
    /** Absent under `react-router dev`, which builds no load context: the real clock then. */
    now?: () => Date;
  }
}

export function requestTime(context: AppLoadContext | undefined): Date {
  return context?.now?.() ?? new Date();
}
