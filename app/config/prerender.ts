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
