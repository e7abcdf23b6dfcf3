import { siteConfig } from "~/config/site";

/** The blog's RSS 2.0 feed (app/routes/blog-feed.ts). */
export const blogFeedPath = "/blog/rss.xml";

/** The <link rel="alternate"> that lets readers find the feed from the blog's pages. */
export const blogFeedLink = {
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: `${siteConfig.name} blog`,
  href: blogFeedPath,
} as const;
