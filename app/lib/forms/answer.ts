import { data, type HeadersFunction } from "react-router";

/**
 * The HTTP answer to a post that a form's server side did not accept: 429
 * with Retry-After over the rate limit, 503 with Retry-After when it could
 * not be saved (docs/decisions/055; the form comes back with every value), 409 for the kinds that conflict with
 * what is stored (an event registration's duplicate address, a closed
 * registration), 400 otherwise. The body is the failure, for the form to show.
 */
export function refusedPost<Failure extends { kind: string }>(
  failure: Failure,
  conflicts: readonly Failure["kind"][] = [],
) {
  if (
    (failure.kind === "rate-limited" || failure.kind === "unavailable") &&
    "retryAfterSeconds" in failure
  ) {
    return data(failure, {
      status: failure.kind === "rate-limited" ? 429 : 503,
      headers: { "Retry-After": String(failure.retryAfterSeconds) },
    });
  }
  return data(failure, { status: conflicts.includes(failure.kind) ? 409 : 400 });
}

/**
 * A document post answered 429 or 503 keeps the action's Retry-After;
 * otherwise the loader's headers, which may let the page be cached for a
 * minute (app/lib/route-handle.ts).
 */
export const keepRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : loaderHeaders;
};
