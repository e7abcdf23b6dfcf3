import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { ServerHandle } from "~/lib/route-handle";

/**
 * The id of the route a path leads to ("routes/blog.$slug"), found by React
 * Router's own matcher before anything is rendered; undefined when none does.
 */
export function routeIdFinder(build: ServerBuild): RouteIdFinder {
  // The build lists routes flat, each naming its parent; the matcher takes a tree.
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes).flatMap((route) => {
      if (!route || route.parentId !== parentId) return [];
      const { id, path } = route;
      return [route.index ? { id, path, index: true } : { id, path, children: children(id) }];
    });
  const tree = children(undefined);
  // Kept per path, as matching ranks every route; an undecodable path has none, and no warning.
  // Bounded by the paths' length too: made-up paths of kilobytes each must not fill it (issue 41).
  const known = new LRUCache<string, { id?: string }>({
    max: 2_000,
    maxSize: 256 * 1024,
    sizeCalculation: (_value, path) => path.length + 64,
    memoMethod: (path) => ({
      id: isDecodable(path) ? matchRoutes(tree, path)?.at(-1)?.route.id : undefined,
    }),
  });
  return Object.assign((pathname: string) => known.memo(pathname).id, {
    cachedPathBytes: () => known.calculatedSize,
  });
}

export type RouteIdFinder = ((pathname: string) => string | undefined) & {
  /** What the kept paths weigh, about a byte a character (tests). */
  cachedPathBytes: () => number;
};

export function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The `handle` of the route a path leads to (app/lib/route-handle.ts). */
export function routeHandleFinder(build: ServerBuild): (pathname: string) => ServerHandle {
  const routeOf = routeIdFinder(build);
  return (pathname) => {
    const handle: unknown = build.routes[routeOf(pathname) ?? ""]?.module.handle;
    return typeof handle === "object" && handle !== null ? (handle as ServerHandle) : {};
  };
}
