import { postPath } from "../content/post-collection";
import { readPublishedPosts } from "../content/post-files";
import { readEventSlugs } from "../content/event-files";
import { eventPath } from "../content/event-view";
import { blogFeedPath } from "./feeds";
import { iconPath, siteIcons, type SiteIconName } from "./icons";
import { servicePath, services } from "./services";
import { socialCardPath } from "./social";

/**
 * Pages whose HTML is the same for every visitor, rendered once at build time
 * and served as static files. Events stay server-rendered: whether an event is
 * upcoming depends on the day it is served. See docs/decisions/003.
 *
 * Read by react-router.config.ts, scripts and browser tests, outside Vite, so
 * the blog's posts come from disk through the same schema the app uses
 * (docs/decisions/020). Drafts are not published, so not prerendered.
 */
export const prerenderedPaths: readonly string[] = [
  "/",
  "/about",
  ...services.map((service) => servicePath(service.id)),
  "/portfolio",
  "/blog",
  ...readPublishedPosts().map((post) => postPath(post.slug)),
  "/contact",
];

/**
 * Files rendered by resource routes at build time and served as static files:
 * the sitemap, robots.txt, the blog's feed, the web app manifest, the icons,
 * and one social card per public page.
 */
export const prerenderedResources: readonly string[] = [
  "/sitemap.xml",
  "/robots.txt",
  blogFeedPath,
  "/manifest.webmanifest",
  ...Object.keys(siteIcons).map((name) => iconPath(name as SiteIconName)),
  ...[...prerenderedPaths, "/events", ...readEventSlugs().map(eventPath)].map(socialCardPath),
];
