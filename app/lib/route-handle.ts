/**
 * What a route module tells the production server about itself, as data in
 * its `handle` export (docs/decisions/063). The server reads it from the
 * build before it renders anything (server/http/route-handles.ts).
 */
export type ServerHandle = {
  /**
   * The page may be rendered once and sent to every visitor while its
   * loader's `Cache-Control` allows (`sharedCacheControl`). `query` lists the
   * search parameters the page reads, each with the values it knows; the
   * server renders it with those alone, so `/?utm_source=x` is the cached `/`.
   * Any other value of a listed parameter (`/contact?sent=x`), or two of one,
   * is rendered for its request only: made-up values never fill the cache.
   */
  pageCache?: { query: KnownQuery };
  /**
   * Every file this resource route answers is written at build time into the
   * client build. The production server never runs it: an address the build
   * did not write (`/social/home.png/`) is a 404.
   */
  buildTimeOnly?: true;
};

/** The search parameters a kept page reads, each with every value it knows. */
export type KnownQuery = Readonly<Record<string, readonly string[]>>;

/**
 * The parameters of `query` in `search`, if each one given is given once with
 * a value the page knows; null if not (a page of its own, not worth keeping).
 */
export function knownQueryOf(query: KnownQuery, search: URLSearchParams): URLSearchParams | null {
  const known = new URLSearchParams();
  for (const [name, values] of Object.entries(query)) {
    const [value, ...more] = search.getAll(name);
    if (value === undefined) continue;
    if (more.length > 0 || !values.includes(value)) return null;
    known.set(name, value);
  }
  return known;
}

/** Pages are kept at most a minute, and to the next whole minute. */
const minuteMs = 60_000;

/**
 * The `Cache-Control` of a page rendered at `now` that is the same for every
 * visitor until the next whole minute, or the first of `changesAt` (an
 * event's start moves it from upcoming to past), whichever is sooner. A shared
 * cache (the server's page cache, a proxy) may keep it that long; browsers
 * revalidate it on every visit.
 */
export function sharedCacheControl(now: Date, ...changesAt: (Date | undefined)[]): HeadersInit {
  const nextMinute = (Math.floor(now.getTime() / minuteMs) + 1) * minuteMs;
  const until = Math.min(
    nextMinute,
    ...changesAt
      .map((instant) => instant?.getTime() ?? Infinity)
      .filter((time) => time > now.getTime()),
  );
  const seconds = Math.max(1, Math.floor((until - now.getTime()) / 1000));
  return { "Cache-Control": `public, max-age=0, s-maxage=${seconds}` };
}

/**
 * React Router's prerender asks a resource route for its file twice: once as
 * a ".data" twin (meant for navigations to pages, and deleted by
 * scripts/build-server.ts) and once as the file. A build-time route answers
 * the twin with an empty body rather than drawing its file a second time.
 */
export function isPrerenderDataTwin(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/** The empty answer to that twin (the prerender accepts only a 200). */
export function emptyDataTwin(): Response {
  return new Response("", { headers: { "Content-Type": "text/plain" } });
}
