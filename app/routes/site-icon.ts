import { Resvg } from "@resvg/resvg-js";
import type { Route } from "./+types/site-icon";
import { brandIconSvg } from "~/site/brand-icon.server";
import { siteIcons, type SiteIconName } from "~/config/icons";

// Resource route: /icons/<name>, the favicon and app icons drawn from the brand
// mark. Prerendered at build time, so production serves them as static files.
export function loader({ params }: Route.LoaderArgs) {
  const name = params.icon as SiteIconName;
  const icon = Object.hasOwn(siteIcons, name) ? siteIcons[name] : undefined;
  if (!icon)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const svg = brandIconSvg(icon);
  const body =
    icon.type === "image/svg+xml"
      ? svg
      : new Uint8Array(
          new Resvg(svg, { fitTo: { mode: "width", value: icon.size } }).render().asPng(),
        );
  return new Response(body, { headers: { "Content-Type": icon.type } });
}
