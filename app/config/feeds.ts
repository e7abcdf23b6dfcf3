import { paths } from "~/config/paths";
import { siteConfig } from "~/config/site";

/** The <link rel="alternate"> that lets readers find the feed from the blog's pages. */
export const blogFeedLink = {
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: `${siteConfig.name} blog`,
  href: paths.blogFeed,
} as const;
