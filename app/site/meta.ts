import { paths, socialCardPath } from "~/config/paths";
import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { siteConfig } from "~/config/site";
import { absoluteUrl } from "~/config/site-url";
import { socialCardSize } from "~/config/social";
import { organizationJsonLd, websiteJsonLd, type JsonLd } from "~/site/json-ld";
import { contentReportOf } from "~/site/content-error";

export type MetaInput = {
  /** The page's own title; " | Company" is appended. */
  title: string;
  /** 50-160 characters: what a search result shows under the title. */
  description: string;
  /** The page's canonical path, e.g. "/services/ai-ml" (no query, no hash). */
  path: string;
  /** "article" for blog posts; "website" otherwise. */
  type?: "website" | "article";
  /** Keep the page out of search results (not-found and error views). */
  noindex?: boolean;
  /** The page's own structured data; Organization and WebSite are always added. */
  jsonLd?: readonly JsonLd[];
  /** Extra tags, e.g. the blog's RSS <link rel="alternate">. */
  extra?: readonly MetaDescriptor[];
};

/**
 * Every page's head: a unique "Page | Company" title, the description, the
 * canonical URL built from SITE_URL, Open Graph and Twitter card tags with the
 * page's social card, robots noindex where asked, and JSON-LD. One helper for
 * every route, so no page forgets a tag.
 */
export function getMeta({
  title,
  description,
  path,
  type = "website",
  noindex = false,
  jsonLd = [],
  extra = [],
}: MetaInput): MetaDescriptor[] {
  const fullTitle = `${title} | ${siteConfig.name}`;
  const url = absoluteUrl(path);
  const image = absoluteUrl(socialCardPath(noindex ? paths.home : path));
  const imageAlt = noindex ? `${siteConfig.name}: ${siteConfig.tagline}` : fullTitle;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(noindex
      ? [{ name: "robots", content: "noindex" }]
      : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: type },
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(socialCardSize.width) },
    { property: "og:image:height", content: String(socialCardSize.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    ...[organizationJsonLd(), websiteJsonLd(), ...jsonLd].map((data) => ({
      "script:ld+json": data,
    })),
    ...extra,
  ];
}

/** Meta tags for the not-found and error views, kept out of search results. */
export function errorMeta(error: unknown, path: string): MetaDescriptor[] {
  const report = contentReportOf(error);
  if (report) {
    return getMeta({
      title: `Content error in ${report.file}`,
      description:
        "This page’s content file has a mistake: the page lists each one with its line and field.",
      path,
      noindex: true,
    });
  }
  return isRouteErrorResponse(error) && error.status === 404
    ? notFoundMeta(path)
    : getMeta({
        title: "Unexpected Application Error",
        description: `Something went wrong on our side. Please try again, or return to the ${siteConfig.name} home page.`,
        path,
        noindex: true,
      });
}

export function notFoundMeta(path: string): MetaDescriptor[] {
  return getMeta({
    title: "Page not found",
    description: `This page does not exist. Find ${siteConfig.name}’s services, or return to the home page.`,
    path,
    noindex: true,
  });
}
