import { iconPath, paths } from "~/config/paths";
import { siteConfig } from "~/config/site";
import { brandMark } from "~/config/brand";
import type { ServerHandle } from "~/lib/route-handle";

// Written into the client build at build time; never run by the production server.
export const handle: ServerHandle = { buildTimeOnly: true };

// Resource route: /manifest.webmanifest, so the site installs with its name,
// colours and icons. Prerendered at build time.
export function loader() {
  const manifest = {
    name: siteConfig.name,
    short_name: siteConfig.name.split(" ")[0],
    description: siteConfig.description,
    start_url: paths.home,
    scope: paths.home,
    display: "browser",
    background_color: "#ffffff",
    theme_color: brandMark.background,
    icons: [
      {
        src: iconPath("icon-192.png"),
        sizes: "192x192",
        type: "image/png",
        purpose: "any maskable",
      },
      {
        src: iconPath("icon-512.png"),
        sizes: "512x512",
        type: "image/png",
        purpose: "any maskable",
      },
      { src: iconPath("favicon.svg"), sizes: "any", type: "image/svg+xml" },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8" },
  });
}
