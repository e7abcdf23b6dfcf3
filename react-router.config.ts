import type { Config } from "@react-router/dev/config";
import { tsImport } from "tsx/esm/api";
import type * as PageList from "./app/site/pages.server";

export default {
  // Server rendering stays on for the pages that must be computed per request
  // (events, the contact form's action, the not-found page); the rest are
  // prerendered at build time and served as static HTML. See docs/decisions/003.
  ssr: true,
  // The page list is read through tsx, which resolves the app's "~/" alias:
  // React Router evaluates this file in a bare Vite with no aliases.
  async prerender() {
    const pages: typeof PageList = await tsImport("./app/site/pages.server.ts", import.meta.url);
    return [...pages.prerenderedPaths, ...pages.prerenderedResources];
  },
} satisfies Config;
