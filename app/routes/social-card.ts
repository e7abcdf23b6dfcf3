import { socialCardFilePath } from "~/config/paths";
import type { Route } from "./+types/social-card";
import { findSitePageByCard } from "~/site/pages.server";
import { emptyDataTwin, isPrerenderDataTwin, type ServerHandle } from "~/lib/route-handle";

// Written into the client build at build time; never run by the production server.
export const handle: ServerHandle = { buildTimeOnly: true };

// Resource route: /social/<page>.png, the page's Open Graph image. Every card
// is prerendered at build time (app/site/pages.server.ts), so production serves
// static files; a card for an unknown page is a 404. The renderer (satori,
// resvg, the fonts: about 150 MB once loaded) is imported only when a card is
// drawn, so the running server, which never draws one, never loads it
// (docs/decisions/062).
export async function loader({ params, request }: Route.LoaderArgs) {
  if (isPrerenderDataTwin(request)) return emptyDataTwin();
  const page = findSitePageByCard(socialCardFilePath(params.card));
  if (!page)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const { renderSocialCard } = await import("~/site/social-card.server");
  const png = await renderSocialCard({ eyebrow: page.eyebrow, title: page.title });
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" },
  });
}
