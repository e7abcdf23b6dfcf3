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
  prerender: {
    // The page list is read through tsx, which resolves the app's "~/" alias:
    // React Router evaluates this file in a bare Vite with no aliases.
    async paths() {
      const pages: typeof PageList = await tsImport("./app/site/pages.server.ts", import.meta.url);
      return [...pages.prerenderedPaths, ...pages.prerenderedResources];
    },
    // A few paths at once: a social card is rasterised and compressed on
    // libuv's thread pool (app/site/social-card.server.tsx), so the main
    // thread renders other pages meanwhile and both cores work
    // (docs/decisions/071).
    concurrency: 4,
  },
  // React Router 8's behaviour, adopted early where it changes nothing a
  // visitor or operator sees (docs/decisions/008).
  future: {
    // Builds through Vite's Environment API (createBuilder); the dev server
    // loads the server build from Vite's ssr environment (server/dev.ts).
    v8_viteEnvironmentApi: true,
    // Splits clientLoader/clientAction/HydrateFallback into their own chunks:
    // no route has them, so no chunk changes.
    v8_splitRouteModules: true,
    // Loaders and actions get the raw request (with .data on data requests)
    // and the normalised `url` beside it; loaders that read the address use `url`.
    v8_passThroughRequests: true,
    // "/a/" fetches "/a/_.data" and "/" fetches "/_.data" (was "/_root.data");
    // the site has no trailing-slash routes and no prerendered "/".
    v8_trailingSlashAwareDataRequests: true,
    // Not yet: middleware replaces AppLoadContext (app/load-context.ts) with a
    // RouterContextProvider, which changes how every loader reads the clock,
    // the CSP nonce and the contact form. A change of its own.
    v8_middleware: false,
  },
} satisfies Config;
