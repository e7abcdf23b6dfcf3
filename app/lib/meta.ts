import { isRouteErrorResponse } from "react-router";
import { siteConfig } from "../config/site";

export type PageMetaInput = {
  /** The page's own title; the company name is appended. */
  title: string;
  description: string;
  /** Keep the page out of search results (not-found and error views). */
  noindex?: boolean;
};

/** Builds a page's meta tags: `Page | Company` title and its description. */
export function pageMeta({ title, description, noindex = false }: PageMetaInput) {
  const tags: ({ title: string } | { name: string; content: string })[] = [
    { title: `${title} | ${siteConfig.name}` },
    { name: "description", content: description },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** Meta tags for the not-found and error views, kept out of search results. */
export function errorMeta(error: unknown) {
  return isRouteErrorResponse(error) && error.status === 404
    ? notFoundMeta()
    : pageMeta({
        title: "Unexpected Application Error",
        description: `Something went wrong on our side. Please try again, or return to the ${siteConfig.name} home page.`,
        noindex: true,
      });
}

export function notFoundMeta() {
  return pageMeta({
    title: "Page not found",
    description: `This page does not exist. Find ${siteConfig.name}'s services, or return to the home page.`,
    noindex: true,
  });
}
