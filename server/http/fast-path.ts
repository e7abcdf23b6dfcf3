import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { AccessLine } from "../core/log";
import { compressDocument, isFresh, preferredEncoding, type Encoding } from "./precompressed";
import {
  cachedPageHeaders,
  sendCachedPage,
  type CachedPage,
  type RenderCache,
} from "./render-cache";
import { contentSecurityPolicy, drawCspNonce, staticSecurityHeaders } from "./security-headers";
import { findPrerenderedPages } from "./static-pages";

/**
 * The production server's fast path (docs/decisions/063), a plain node:http
 * listener in front of the Express app. It answers the requests that make up
 * nearly all traffic and need none of the app's middleware: GET and HEAD of a
 * prerendered page, and of a server-rendered page the render cache holds.
 * Everything else (a miss, a post, an asset, a malformed URL) goes to Express
 * untouched.
 *
 * Why: a profile of `/about` under load (docs/benchmarks.md, issue 11) spent
 * most of each request in Express's router and the middleware chain before
 * the page was found (compression, the rate limit, the method check, the URL
 * check, header setters with their type lookups), and in a synchronous log
 * write. A prerendered page's headers never change: they are built once per
 * encoding here, with the same values the app would set (security headers and
 * the page's hash-based CSP, Cache-Control, Content-Type, Vary, ETag,
 * Last-Modified, Content-Encoding, Content-Length), and answered 304 when the
 * client's copy is current. Each response writes the same access line as the
 * app's (server/log.ts).
 */
export type FastPathOptions = {
  /** The prerendered pages' responses (`prerenderedResponses`). */
  prerendered: ReadonlyMap<string, PrerenderedResponse>;
  renderCache: RenderCache;
  https: boolean;
  accessLine: AccessLine;
  /** The client address of a request, as the app's `req.ip` gives it (trust proxy). */
  clientIp: (req: IncomingMessage) => string | undefined;
  /** Where everything else goes: the Express app. */
  app: RequestListener;
};

/** HTML may change with any deploy: browsers revalidate it on every visit. */
export const HTML_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** Header names and values in one list, as `writeHead` takes them. */
type Headers = string[];

/** One prerendered page in one encoding: its body and its headers for 200 and 304. */
type PrerenderedVariant = { body: Buffer; etag: string; ok: Headers; notModified: Headers };
export type PrerenderedResponse = {
  lastModified: string;
  variants: Record<Encoding, PrerenderedVariant>;
};

/**
 * Every prerendered page's responses, built at start-up: the page compressed
 * (the build's .br and .gz) and its headers per encoding.
 */
export function prerenderedResponses(
  clientDir: string,
  https: boolean,
): Map<string, PrerenderedResponse> {
  const started = new Date();
  const security = Object.entries(staticSecurityHeaders({ https })).flat();
  const responses = new Map<string, PrerenderedResponse>();
  for (const [urlPath, page] of findPrerenderedPages(clientDir)) {
    const document = compressDocument(page.file, started);
    const variant = (encoding: Encoding): PrerenderedVariant => {
      const body = document.variants[encoding];
      const notModified: Headers = [
        ...security,
        // Rendered at build time, the page's inline scripts carry no nonce: its policy allows them by hash.
        "Content-Security-Policy",
        contentSecurityPolicy({ inlineScripts: page.scriptHashes, https }),
        "Cache-Control",
        HTML_CACHE_CONTROL,
        "Content-Type",
        "text/html; charset=utf-8",
        "Vary",
        "Accept-Encoding",
        "ETag",
        document.etags[encoding],
        "Last-Modified",
        document.lastModified,
      ];
      const ok: Headers = [
        ...notModified,
        ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
        "Content-Length",
        String(body.length),
      ];
      return { body, etag: document.etags[encoding], ok, notModified };
    };
    responses.set(urlPath, {
      lastModified: document.lastModified,
      variants: { br: variant("br"), gzip: variant("gzip"), identity: variant("identity") },
    });
  }
  return responses;
}

export function createFastPath({
  prerendered,
  renderCache,
  https,
  accessLine,
  clientIp,
  app,
}: FastPathOptions): RequestListener {
  const security = Object.entries(staticSecurityHeaders({ https }));
  // The nonce policy, cut where the nonce goes, so a response only joins three strings.
  const [policyBefore = "", policyAfter = ""] = contentSecurityPolicy({
    inlineScripts: ["'nonce-\0'"],
    https,
  }).split("\0");

  function sendPrerendered(req: IncomingMessage, res: ServerResponse, page: PrerenderedResponse) {
    const variant = page.variants[preferredEncoding(req)];
    if (isFresh(req.headers, variant.etag, page.lastModified)) {
      res.writeHead(304, variant.notModified);
      res.end();
      return;
    }
    res.writeHead(200, variant.ok);
    res.end(req.method === "HEAD" ? undefined : variant.body);
  }

  // Each cached page's headers, prepared once: the ones the app's middleware
  // would set before the render cache (security, the nonce policy, no-cache),
  // then the page's own. Only the policy's nonce changes per response.
  const preparedHeaders = new WeakMap<CachedPage, { list: string[]; policyAt: number }>();
  function headersOf(page: CachedPage) {
    let prepared = preparedHeaders.get(page);
    if (!prepared) {
      const list = cachedPageHeaders(
        [...security, ["Content-Security-Policy", ""], ["Cache-Control", "no-cache"]],
        page,
      );
      // The page's own headers never set a policy: this is the slot above.
      prepared = { list, policyAt: list.indexOf("Content-Security-Policy") + 1 };
      preparedHeaders.set(page, prepared);
    }
    return prepared;
  }

  function sendCached(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
    const cspNonce = drawCspNonce();
    const { list, policyAt } = headersOf(page);
    const headers = list.slice();
    headers[policyAt] = policyBefore + cspNonce + policyAfter;
    sendCachedPage(req, res, page, { cspNonce }, headers);
  }

  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return app(req, res);
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const page = prerendered.get(queryAt === -1 ? url : url.slice(0, queryAt));
    if (page) {
      accessLine(req, res, url, () => clientIp(req));
      sendPrerendered(req, res, page);
      return;
    }
    const cached = renderCache.lookup(req.headers.host, url);
    if (cached === undefined) return app(req, res);
    if (!(cached instanceof Promise)) {
      accessLine(req, res, url, () => clientIp(req));
      sendCached(req, res, cached);
      return;
    }
    // A page with live data (seat counts): read again before it is served.
    const started = process.hrtime.bigint();
    cached.then(
      (fresh) => {
        if (!fresh) return app(req, res);
        accessLine(req, res, url, () => clientIp(req), started);
        sendCached(req, res, fresh);
      },
      () => app(req, res),
    );
  };
}
