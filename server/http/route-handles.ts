import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { ServerHandle } from "~/lib/route-handle";

/**
 * The id of the route a path leads to ("routes/blog.$slug"), found by React
 * Router's own matcher before anything is rendered; undefined when none does.
 */
export function routeIdFinder(build: ServerBuild): (pathname: string) => string | undefined {
  const routes = build.routes;
  // The build lists routes flat, each naming its parent; the matcher takes a tree.
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes).flatMap((route) => {
      if (!route || route.parentId !== parentId) return [];
      const { id, path } = route;
      return [route.index ? { id, path, index: true } : { id, path, children: children(id) }];
    });
  const tree = children(undefined);
  // Matching ranks every route each time: kept for the paths most requests ask for.
  const known = new LRUCache<string, { id: string | undefined }>({ max: 2_000 });
  return (pathname) => {
    let found = known.get(pathname);
    if (!found)
      known.set(pathname, (found = { id: matchRoutes(tree, pathname)?.at(-1)?.route.id }));
    return found.id;
  };
}

/** The `handle` of the route a path leads to (app/lib/route-handle.ts). */
export function routeHandleFinder(build: ServerBuild): (pathname: string) => ServerHandle {
  const routeOf = routeIdFinder(build);
  return (pathname) => {
    const id = routeOf(pathname);
    const handle: unknown = id ? build.routes[id]?.module.handle : undefined;
    return typeof handle === "object" && handle !== null ? (handle as ServerHandle) : {};
  };
}
