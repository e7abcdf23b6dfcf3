import type { Config } from "@react-router/dev/config";
import { prerenderedPaths, prerenderedResources } from "./app/config/prerender";

export default {
  // Server rendering stays on for the pages that must be computed per request
  // (events, the contact form's action, the not-found page); the rest are
  // prerendered at build time and served as static HTML. See docs/decisions/003.
  ssr: true,
  prerender: [...prerenderedPaths, ...prerenderedResources],
} satisfies Config;
