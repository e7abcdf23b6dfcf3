import { socialCardPath } from "./social";
import { iconPath, siteIcons, type SiteIconName } from "./icons";
import { servicePath, services } from "./services";

/**
 * Pages whose HTML is the same for every visitor, rendered once at build time
 * and served as static files. Events stay server-rendered: whether an event is
 * upcoming depends on the day it is served. See docs/decisions/003.
 */
export const prerenderedPaths: readonly string[] = [
  "/",
  "/about",
  ...services.map((service) => servicePath(service.id)),
  "/portfolio",
  "/blog",
  "/contact",
];

/**
 * Files rendered by resource routes at build time and served as static files:
 * the sitemap, robots.txt, the web app manifest, the icons, and one social card
 * per public page.
 */
export const prerenderedResources: readonly string[] = [
  "/sitemap.xml",
  "/robots.txt",
  "/manifest.webmanifest",
  ...Object.keys(siteIcons).map((name) => iconPath(name as SiteIconName)),
  ...[...prerenderedPaths, "/events"].map(socialCardPath),
];
