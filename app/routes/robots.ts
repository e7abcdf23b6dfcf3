import { absoluteUrl } from "~/config/site-url";

// Resource route: /robots.txt. Everything may be crawled; the sitemap lists it.
export function loader() {
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
