import type { Config } from "@react-router/dev/config";
import { tsImport } from "tsx/esm/api";
import type * as PageList from "./app/site/pages.server";

export default {
  // Server rendering stays on for the pages that must be computed per request
  // (events, the contact form's action, the not-found page); the rest are
  // prerendered at build time and served as static HTML. See docs/decisions/003.
  ssr: true,
  // The whole route manifest comes with the first page (about 1.2 KB gzip)
  // rather than being fetched for the links a page shows: that lookup ran
  // after hydration, and its answer re-rendered every link on the page, the
  // longest task left on the phone (docs/decisions/062).
  routeDiscovery: { mode: "initial" },
  // The page list is read through tsx, which resolves the app's "~/" alias:
  // React Router evaluates this file in a bare Vite with no aliases.
  async prerender() {
    const pages: typeof PageList = await tsImport("./app/site/pages.server.ts", import.meta.url);
    return [...pages.prerenderedPaths, ...pages.prerenderedResources];
  },
  // Route modules' clientLoader, clientAction and HydrateFallback get chunks
  // of their own (React Router 8's default; no route has them).
  splitRouteModules: true,
} satisfies Config;
