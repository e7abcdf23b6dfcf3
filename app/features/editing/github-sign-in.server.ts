import { paths } from "~/config/paths";

/*
 * Keystatic's API handler (@keystatic/core/api/generic) signs in with GitHub, and has two gaps its
 * code shows (issue 41, defect 10): the OAuth callback posts the App's client secret to GitHub
 * with whatever `code` any request brings, reading `state` only to pick the page to return to (a
 * sign-in from the editor's start sets none at all); and the login builds GitHub's redirect_uri
 * from the request's own origin, that is, from its Host header. This wraps it: every sign-in
 * carries a state, kept in the browser's `ks-<state>` cookie as Keystatic keeps its own; a
 * callback whose state that browser was not given is refused before anything goes out; and the
 * handler sees the request at the site's public origin (SITE_URL).
 */

/** What Keystatic's generic handler answers. */
type ApiAnswer = {
  body: unknown;
  status?: number;
  headers?: [string, string][] | Record<string, string> | Headers;
};
type ApiHandler = (request: Request) => Promise<ApiAnswer>;

const callbackPath = `${paths.editingApi}/github/oauth/callback`;
/** Keystatic's own states: 10 random bytes in hex. */
const statePattern = /^[0-9a-f]{20}$/;
const stateMaxAgeSeconds = 60 * 60 * 24;

export function withCheckedGitHubSignIn(handler: ApiHandler, publicOrigin: string): ApiHandler {
  const secure = publicOrigin.startsWith("https:");
  const stateCookie = (state: string, value: string, maxAge: number) =>
    [`ks-${state}=${value}`, "Path=/", `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Lax"]
      .concat(secure ? ["Secure"] : [])
      .join("; ");

  return async (request) => {
    const { pathname, search } = new URL(request.url);
    if (pathname === callbackPath) {
      const state = new URLSearchParams(search).get("state") ?? "";
      // GitHub's page for installing the App, opened by the editor in a window of its own, comes
      // back with "close": that window closes and the editor reloads what it may see, with the
      // sign-in it has. Nothing is exchanged for it.
      if (state === "close") return closeInstallationWindow();
      if (!statePattern.test(state) || !hasCookie(request, `ks-${state}`)) {
        return {
          status: 400,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
          body: "This sign-in did not start in this browser, or has expired: please sign in again.",
        };
      }
      const answer = await handler(atOrigin(request, publicOrigin));
      // Used once: the state's cookie goes with its callback.
      return withHeader(answer, "Set-Cookie", stateCookie(state, "", 0));
    }
    // The login, and "repo not found" without a sign-in to refresh, send the browser to GitHub.
    const answer = await handler(atOrigin(request, publicOrigin));
    return withState(answer, (state) => stateCookie(state, "", stateMaxAgeSeconds));
  };
}

/** The request as if it had come to the public origin; GET only (sign-in needs no other). */
function atOrigin(request: Request, origin: string): Request {
  if (request.method !== "GET" && request.method !== "HEAD") return request;
  const { pathname, search } = new URL(request.url);
  return new Request(new URL(pathname + search, origin), {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
  });
}

function hasCookie(request: Request, name: string): boolean {
  const header = request.headers.get("cookie") ?? "";
  return header.split(/;\s*/).some((pair) => pair.startsWith(`${name}=`));
}

/** A redirect to GitHub without a state (a sign-in from the editor's start) gets one of ours. */
function withState(answer: ApiAnswer, cookieFor: (state: string) => string): ApiAnswer {
  const headers = new Headers(answer.headers as HeadersInit);
  const location = headers.get("Location");
  if (!location?.startsWith("https://github.com/login/oauth/authorize")) return answer;
  const to = new URL(location);
  if (to.searchParams.has("state")) return answer;
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const state = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  to.searchParams.set("state", state);
  headers.set("Location", to.toString());
  headers.append("Set-Cookie", cookieFor(state));
  return { ...answer, headers };
}

function withHeader(answer: ApiAnswer, name: string, value: string): ApiAnswer {
  const headers = new Headers(answer.headers as HeadersInit);
  headers.append(name, value);
  return { ...answer, headers };
}

/** Keystatic's own page for that window, without the token exchange. */
function closeInstallationWindow(): ApiAnswer {
  return {
    status: 200,
    headers: { "Content-Type": "text/html" },
    body: "<script>localStorage.setItem('ks-refetch-installations', 'true');window.close();</script>",
  };
}
