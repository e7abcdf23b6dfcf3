import { servicePath, services } from "./services";

/**
 * Pages whose HTML is the same for every visitor, rendered once at build time
 * and served as static files. Events stay server-rendered: whether an event is
 * upcoming depends on the day it is served. So does /contact: every rendering
 * of its form carries a fresh signed time token (docs/decisions/051).
 */
export const prerenderedPaths: readonly string[] = [
  "/",
  "/about",
  ...services.map((service) => servicePath(service.id)),
  "/portfolio",
  "/blog",
];
