import { absoluteUrl } from "~/config/site-url";
import { paths } from "~/config/paths";

// Resource route: /robots.txt. Everything may be crawled; the sitemap lists it.
export function loader() {
  return new Response(
    `User-agent: *\nAllow: ${paths.home}\n\nSitemap: ${absoluteUrl(paths.sitemap)}\n`,
    {
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    },
  );
}
