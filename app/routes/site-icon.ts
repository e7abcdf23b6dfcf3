import type { Route } from "./+types/site-icon";
import { brandIconSvg } from "~/site/brand-icon.server";
import { siteIcons, type SiteIconName } from "~/config/icons";
import type { ServerHandle } from "~/lib/route-handle";

// Written into the client build at build time; never run by the production server.
export const handle: ServerHandle = { buildTimeOnly: true };

// Resource route: /icons/<name>, the favicon and app icons drawn from the brand
// mark. Prerendered at build time, so production serves them as static files;
// resvg is imported only when a PNG is drawn, so the running server never loads it.
export async function loader({ params }: Route.LoaderArgs) {
  const name = params.icon as SiteIconName;
  const icon = Object.hasOwn(siteIcons, name) ? siteIcons[name] : undefined;
  if (!icon)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const svg = brandIconSvg(icon);
  if (icon.type === "image/svg+xml")
    return new Response(svg, { headers: { "Content-Type": icon.type } });
  const { Resvg } = await import("@resvg/resvg-js");
  const body = new Uint8Array(
    new Resvg(svg, { fitTo: { mode: "width", value: icon.size } }).render().asPng(),
  );
  return new Response(body, { headers: { "Content-Type": icon.type } });
}
