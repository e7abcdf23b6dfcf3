/**
 * The server-rendered pages' render cache (server/render-cache.ts,
 * docs/decisions/063). A route opts in by answering with this header: the
 * instant (ms since the epoch) until which its HTML stays true. The server
 * then renders the page at most once until then, puts this response's nonce
 * and form token into the cached HTML, and strips the header before it leaves.
 * A route without it (an event page with live seat counts, say) is rendered on
 * every request, as before.
 */
export const renderCacheHeader = "X-Render-Cache-Until";

/** Pages are rendered at most once a minute: a cached page lives to the next whole minute. */
export const renderCacheMinuteMs = 60_000;

/**
 * The header for a page rendered at `now` whose content changes next at the
 * given instants (an event's start, which moves it from upcoming to past):
 * valid until the next whole minute or the first of those, whichever is sooner.
 */
export function renderCacheUntil(now: Date, ...changesAt: (Date | undefined)[]): HeadersInit {
  const nextMinute = (Math.floor(now.getTime() / renderCacheMinuteMs) + 1) * renderCacheMinuteMs;
  const until = Math.min(
    nextMinute,
    ...changesAt
      .map((instant) => instant?.getTime() ?? Infinity)
      .filter((time) => time > now.getTime()),
  );
  return { [renderCacheHeader]: String(until) };
}
