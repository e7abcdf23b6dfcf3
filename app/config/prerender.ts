import { postPath } from "../content/post-collection";
import { readPublishedPosts } from "../content/post-files";
import { servicePath, services } from "./services";

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
