import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type {
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
  RouterContextProvider,
} from "react-router";
import { appContextOf } from "~/load-context";
import { ServerRouter } from "react-router";
import { tooLargeMessage } from "~/lib/forms/read-form";
import { scriptsAfterFirstPaintStream } from "~/lib/scripts-after-first-paint.server";

/**
 * React Router's default Node entry, plus the Content-Security-Policy nonce:
 * the server (server/http/security-headers.ts) draws one per request, names it in
 * the CSP header and hands it over in the load context; every inline script
 * React and React Router write carries it. Prerendered pages are rendered with
 * no load context, so they carry no nonce: the server allows their scripts by
 * hash instead. The page's modules are fetched and run after its first paint,
 * so nothing but the HTML, the stylesheet and the first screen competes with
 * it (docs/decisions/062).
 */

export const streamTimeout = 5_000;

/**
 * A form post whose body passed the limit as it arrived (the action's 413,
 * app/lib/forms/read-form.ts) is answered as the server answers one with a
 * declared length: in plain text, the page's or its data's alike.
 */
const tooLarge = () =>
  new Response(tooLargeMessage, {
    status: 413,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

export const handleDataRequest: HandleDataRequestFunction = (response) =>
  response.status === 413 ? tooLarge() : response;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: Readonly<RouterContextProvider>,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    // The same headers a GET gets, its type included, with no body.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  if (responseStatusCode === 413) return tooLarge();
  const nonce = appContextOf(loadContext).cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Crawlers, prerendering and the page cache wait for all content;
    // browsers get the shell at once. The build's prerender requests and the
    // page cache's (server/http/page-cache.ts) carry no user agent. A page sent
    // complete has every boundary in place, so it carries none of React's
    // scripts that move late ones in (about 1.2 KB a page, and with their CSP
    // hashes on a prerendered one).
    const renderedForEveryone = !userAgent;
    const readyOption: keyof RenderToPipeableStreamOptions =
      renderedForEveryone || isbot(userAgent) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    // Abort after streamTimeout so rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A Suspense boundary that has rendered goes out in place, whatever its
        // size. React otherwise sends a large one apart, hidden until an inline
        // script moves it into place: a page without JavaScript would keep it
        // hidden. The boundaries are there to hydrate a long page in parts
        // (docs/decisions/062), not to stream it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(
            body.pipe(scriptsAfterFirstPaintStream()),
          );
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are reported by handleError.
          if (shellRendered) reportError(error, request, loadContext);
        },
      },
    );
  });
}

/** Loader, action and render errors: one structured log line, never a page with a stack. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests (the visitor navigated away) are not errors.
  if (request.signal.aborted) return;
  reportError(error, request, context);
};

function reportError(
  error: unknown,
  request: Request,
  context: Readonly<RouterContextProvider> | undefined,
) {
  const path = new URL(request.url).pathname;
  const { logError } = appContextOf(context);
  if (logError) logError(error, { method: request.method, path });
  else console.error(`${request.method} ${path} failed:`, error);
}
