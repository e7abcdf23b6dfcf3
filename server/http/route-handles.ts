import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { ServerHandle } from "~/lib/route-handle";

/**
 * The `handle` of the route a path leads to (app/lib/route-handle.ts), found
 * by React Router's own matcher before anything is rendered.
 */
export function routeHandleFinder(build: ServerBuild): (pathname: string) => ServerHandle {
  const routes = build.routes;
  // The build lists routes flat, each naming its parent; the matcher takes a tree.
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes).flatMap((route) => {
      if (!route || route.parentId !== parentId) return [];
      const { id, path } = route;
      return [route.index ? { id, path, index: true } : { id, path, children: children(id) }];
    });
  const tree = children(undefined);
  const find = (pathname: string): ServerHandle => {
    const leaf = matchRoutes(tree, pathname)?.at(-1)?.route;
    const handle: unknown = leaf?.id ? routes[leaf.id]?.module.handle : undefined;
    return typeof handle === "object" && handle !== null ? (handle as ServerHandle) : {};
  };
  // Matching ranks every route each time: kept for the paths most requests ask for.
  const known = new LRUCache<string, ServerHandle>({ max: 2_000 });
  return (pathname) => {
    let handle = known.get(pathname);
    if (!handle) known.set(pathname, (handle = find(pathname)));
    return handle;
  };
}
