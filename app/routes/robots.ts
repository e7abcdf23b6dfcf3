import { absoluteUrl } from "~/config/site-url";
import { paths } from "~/config/paths";
import type { ServerHandle } from "~/lib/route-handle";

// Written into the client build at build time; never run by the production server.
export const handle: ServerHandle = { buildTimeOnly: true };

// Resource route: /robots.txt. Everything may be crawled; the sitemap lists it.
export function loader() {
  return new Response(
    `User-agent: *\nAllow: ${paths.home}\n\nSitemap: ${absoluteUrl(paths.sitemap)}\n`,
    {
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    },
  );
}
