import { readEventSlugs } from "~/content/event-files";
import { eventPath } from "~/features/events/event-view";
import { postPath } from "~/features/blog/post-view";
import { readPublishedPosts } from "~/content/post-files";
import { artPaths } from "~/config/art";
import { blogFeedPath } from "~/config/feeds";
import { iconPath, siteIcons, type SiteIconName } from "~/config/icons";
import { fixedPages } from "~/config/pages";
import { servicePath, services } from "~/config/services";
import { socialCardPath } from "~/config/social";

/*
 * Read by react-router.config.ts, scripts and browser tests, outside Vite, so
 * posts and events come from disk (docs/decisions/020). Drafts are not
 * published, so neither prerendered nor listed.
 */

/**
 * Pages whose HTML is the same for every visitor, rendered once at build time
 * and served as static files. Home, events and contact stay server-rendered:
 * home and events show what is still to come at the instant they are served,
 * and the contact form carries a fresh token. See docs/decisions/003 and 007.
 */
export const prerenderedPaths: readonly string[] = [
  fixedPages.about.path,
  ...services.map((service) => servicePath(service.id)),
  fixedPages.portfolio.path,
  fixedPages.blog.path,
  ...readPublishedPosts().map((post) => postPath(post.slug)),
];

/** Every public page, prerendered or not: each gets a social card. */
export function readPublicPaths(): string[] {
  return [
    ...Object.values(fixedPages).map((page) => page.path),
    ...services.map((service) => servicePath(service.id)),
    ...readPublishedPosts().map((post) => postPath(post.slug)),
    ...readEventSlugs().map(eventPath),
  ];
}

/**
 * Files rendered by resource routes at build time and served as static files:
 * the sitemap, robots.txt, the blog's feed, the web app manifest, the icons,
 * one social card per public page, and the decorative art (app/config/art.ts).
 */
export const prerenderedResources: readonly string[] = [
  "/sitemap.xml",
  "/robots.txt",
  blogFeedPath,
  "/manifest.webmanifest",
  ...Object.keys(siteIcons).map((name) => iconPath(name as SiteIconName)),
  ...readPublicPaths().map(socialCardPath),
  ...artPaths(readPublishedPosts().map((post) => post.slug)),
];
