import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { contentSecurityPolicy, inlineScriptHashes, setPolicy } from "./security-headers";
import { sendCompressed, type CompressedPage } from "./static-files";

/**
 * Server-rendered pages rendered once and sent to everyone while they stay true
 * (docs/decisions/063). A route opts in with `pageCache` in its handle and its loader's
 * `Cache-Control: s-maxage`. The page is rendered complete, its inline scripts allowed by hash, and
 * kept by path and declared query, compressed once. It holds nothing per visitor (forms fetch their
 * tokens); values read `live` (seat counts) are read for each response, and the page is rendered
 * anew when they read differently.
 */

type PageCacheOptions = { https: boolean; now: () => Date; maxBytes?: number };

export type RenderRecorder = {
  /** A value read live: a kept page is rendered anew once it reads differently. */
  live<T>(read: () => Promise<T>): Promise<T>;
};

/** Renders a page for everyone: React Router with the recorder in its load context. */
export type PageRender = (url: URL, recorder: RenderRecorder) => Promise<globalThis.Response>;

type RenderedPage = {
  status: number;
  headers: [string, string][];
  html: string;
  /** Until when, on the app's clock, the page may be sent again: its s-maxage; 0 for a page sent once. */
  keptUntil: number;
  live: { read: () => Promise<unknown>; seen: string }[];
  /** A kept page, compressed once, with its policy (its scripts by hash). */
  fixed?: CompressedPage;
};

type FillContext = { url: URL; render: PageRender; rendered?: RenderedPage };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `now`: the app's clock (decision 031); a page is kept until its s-maxage runs out on it. */
export function createPageCache({ https, now, maxBytes = 16 * 1024 * 1024 }: PageCacheOptions) {
  async function renderPage(url: URL, render: PageRender): Promise<RenderedPage> {
    const live: RenderedPage["live"] = [];
    const renderedAt = now().getTime();
    const response = await render(url, {
      async live(read) {
        const entry = { read, seen: "" };
        live.push(entry);
        const value = await settled(read);
        entry.seen = value.seen;
        if (value.error) throw value.error;
        return value.result as never;
      },
    });
    const html = await response.text();
    const maxAge = /(?:^|,)\s*s-maxage=(\d+)/.exec(response.headers.get("Cache-Control") ?? "");
    const keepable = response.status === 200 && maxAge !== null;
    const headers = [...response.headers].filter(([name]) => name !== "cache-control");
    headers.push([
      "cache-control",
      keepable ? `public, max-age=0, s-maxage=${maxAge[1]}` : "no-cache",
    ]);
    const page: RenderedPage = {
      status: response.status,
      headers,
      html,
      keptUntil: keepable ? renderedAt + Number(maxAge[1]) * 1000 : 0,
      live,
    };
    if (keepable) page.fixed = await compressOnce(html, https);
    return page;
  }

  const pages = new LRUCache<string, RenderedPage, FillContext>({
    maxSize: maxBytes,
    sizeCalculation: (page) =>
      page.html.length +
      (page.fixed ? page.fixed.bodies.br.length + page.fixed.bodies.gzip.length : 0),
    // Concurrent requests for a page that is not kept wait for one render.
    fetchMethod: async (_key, _stale, { context }) => {
      const page = await renderPage(context.url, context.render);
      context.rendered = page;
      return page.keptUntil === 0 ? undefined : page;
    },
  });

  /** Whether the page is within its time and every value it read live still reads the same. */
  async function stillTrue(page: RenderedPage): Promise<boolean> {
    if (page.keptUntil <= now().getTime()) return false;
    for (const entry of page.live) {
      if ((await settled(entry.read)).seen !== entry.seen) return false;
    }
    return true;
  }

  /** Sends the page at `url` (its path and declared query) from the cache, rendering it when needed. */
  async function serve(req: Request, res: Response, url: URL, render: PageRender): Promise<void> {
    const key = url.pathname + url.search;
    let page = pages.get(key);
    if (page && !(await stillTrue(page))) {
      // Only this stale copy: a concurrent request may already be rendering the
      // next one, and deleting its pending fetch would fail that request ("deleted").
      if (pages.peek(key) === page) pages.delete(key);
      page = undefined;
    }
    if (!page) {
      const context: FillContext = { url, render };
      page =
        (await pages.fetch(key, { context })) ??
        context.rendered ??
        (await renderPage(url, render));
    }
    send(req, res, page);
  }

  function send(req: Request, res: Response, page: RenderedPage) {
    res.status(page.status);
    for (const [name, value] of page.headers) res.setHeader(name, value);
    if (page.fixed) return sendCompressed(req, res, page.fixed);
    setPolicy(res, { inlineScripts: inlineScriptHashes(page.html), https });
    res.send(page.html);
  }

  return { serve };
}

async function settled(read: () => Promise<unknown>) {
  try {
    const result = await read();
    return { result, seen: JSON.stringify(result) ?? "undefined" };
  } catch (error) {
    return { error, seen: `failed: ${(error as Error)?.message}` };
  }
}

async function compressOnce(html: string, https: boolean): Promise<CompressedPage> {
  const identity = Buffer.from(html);
  // On the thread pool, once per page and minute: the smallest files are worth it.
  const [br, gzipped] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        // A 128 KB window holds any page whole; the default 4 MB one only costs memory.
        [constants.BROTLI_PARAM_LGWIN]: 17,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const tag = randomBytes(9).toString("base64url");
  return {
    policy: contentSecurityPolicy({ inlineScripts: inlineScriptHashes(html), https }),
    bodies: { br, gzip: gzipped, identity },
    etags: { br: `"${tag}-br"`, gzip: `"${tag}-gz"`, identity: `"${tag}"` },
  };
}
