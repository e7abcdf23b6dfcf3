import { listSitePages } from "~/site/pages.server";
import { buildSitemap } from "~/site/sitemap";
import type { ServerHandle } from "~/lib/route-handle";

// Written into the client build at build time; never run by the production server.
export const handle: ServerHandle = { buildTimeOnly: true };

// Resource route: /sitemap.xml, every public page with its last change.
// Prerendered at build time like the pages it lists.
export function loader() {
  return new Response(buildSitemap(listSitePages()), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
