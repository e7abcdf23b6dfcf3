import type { Route } from "./+types/art";
import { artPath } from "~/config/paths";
import { renderArtFile } from "~/site/art/art-files.server";
import { emptyDataTwin, isPrerenderDataTwin, type ServerHandle } from "~/lib/route-handle";

// Written into the client build at build time; never run by the production server.
export const handle: ServerHandle = { buildTimeOnly: true };

// Resource route: /art/<name>.svg, the site's decorative pictures (product
// art, post covers, the home hero), drawn in code and prerendered at build
// time (app/config/art.ts), so production serves them as static files. The
// list of files is in the server anyway (the sitemap's page list reads it);
// lucide's icons, the heavy part, are imported only when a sprite is drawn.
export async function loader({ params, request }: Route.LoaderArgs) {
  if (isPrerenderDataTwin(request)) return emptyDataTwin();
  const svg = await renderArtFile(artPath(params.file));
  if (!svg)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
  });
}
