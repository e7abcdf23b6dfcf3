import { randomBytes } from "node:crypto";
import { crc32, deflateRawSync, constants as zlib } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import type { AppLoadContext } from "react-router";
import { renderCacheHeader, renderCacheMinuteMs } from "~/lib/render-cache";

/**
 * The render cache of server-rendered pages (docs/decisions/063). Home,
 * /events, /contact and the event pages depend on a request only through the
 * clock, the CSP nonce and the contact form's signed token. A page that
 * answers with `X-Render-Cache-Until` (app/lib/render-cache.ts) is rendered
 * once, with stand-ins for the per-request values, and served from memory
 * until that instant (the next whole minute, or an event's start if sooner);
 * every response gets its own nonce and token put into the cached HTML.
 *
 * Per-request values are `substitutions`: a stand-in the render writes, and
 * the value each response gets instead. A page with other per-request data
 * (an event page's live seat counts and registration form) leaves the header
 * out, and is rendered on every request; that answer is remembered until the
 * next whole minute, so such a page is not rendered twice per request.
 *
 * Cached pages are sent with gzip made per response from deflate blocks
 * compressed once: the fixed parts of the page are compressed at the cache
 * fill, each ending on a byte boundary (a sync flush), and the per-request
 * values go between them as stored blocks; the CRC is taken per response.
 * Brotli cannot be spliced this way, so a cached page is never sent as br.
 */
export type Substitution = {
  /** What the render writes in place of the value; letters and digits only. */
  standIn: string;
  /** Where the render takes the stand-in from (the load context's fields). */
  context: (standIn: string) => Partial<AppLoadContext>;
  /** This response's value; undefined when the page has none (no token without the lead pipeline). */
  value: (req: Request, res: Response) => string | undefined;
};

type Render = (req: Request, context: Partial<AppLoadContext>) => Promise<globalThis.Response>;

type CachedPage = {
  until: number;
  status: number;
  headers: [string, string][];
  /** The HTML cut at every stand-in: text, substitution, text, … */
  parts: (Buffer | Substitution)[];
  /** Each text part compressed alone (raw deflate, sync-flushed), in the same order. */
  deflated: (Buffer | Substitution)[];
};

const maxEntries = 200;
const maxUncacheable = 1_000;

function nextWholeMinute(date: Date): number {
  return (Math.floor(date.getTime() / renderCacheMinuteMs) + 1) * renderCacheMinuteMs;
}

export function renderCache({
  now,
  render,
  substitutions,
}: {
  now: () => Date;
  render: Render;
  substitutions: Substitution[];
}): RequestHandler {
  const cache = new Map<string, CachedPage>();
  const filling = new Map<string, Promise<CachedPage | undefined>>();
  // Addresses whose render did not allow caching (an event page taking
  // registrations, a redirect, a 404), until the next whole minute: React
  // Router renders them directly instead of twice. Checked again after that,
  // since time can make a page cacheable (an event that has started).
  const uncacheable = new Map<string, number>();

  async function fill(req: Request): Promise<CachedPage | undefined> {
    // Unguessable stand-ins, so no text of the page can be mistaken for one.
    const standIns = new Map(
      substitutions.map((s) => [`${s.standIn}${randomBytes(12).toString("hex")}`, s]),
    );
    const context: Partial<AppLoadContext> = {};
    for (const [standIn, substitution] of standIns)
      Object.assign(context, substitution.context(standIn));
    const response = await render(req, context);
    const html = Buffer.from(await response.arrayBuffer());
    // No header means the page is not cacheable (Number(null) would be 0, a
    // valid instant in the past, and the stand-in render would be served).
    const untilHeader = response.headers.get(renderCacheHeader);
    const until = untilHeader === null ? NaN : Number(untilHeader);
    if (response.status !== 200 || !Number.isFinite(until)) return undefined;
    const parts = splitAt(html, standIns);
    const headers = [...response.headers].filter(
      ([name]) => !/^(content-length|content-encoding|x-render-cache-until)$/i.test(name),
    );
    const deflated = parts.map((part) =>
      Buffer.isBuffer(part)
        ? deflateRawSync(part, { level: 9, finishFlush: zlib.Z_SYNC_FLUSH })
        : part,
    );
    return { until, status: response.status, headers, parts, deflated };
  }

  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.endsWith(".data")) {
      return next();
    }
    const key = `${req.get("host") ?? ""} ${req.originalUrl}`;
    const checkedUntil = uncacheable.get(key);
    if (checkedUntil !== undefined) {
      if (checkedUntil > now().getTime()) return next();
      uncacheable.delete(key);
    }
    try {
      let page = cache.get(key);
      if (!page || page.until <= now().getTime()) {
        cache.delete(key);
        let pending = filling.get(key);
        if (!pending) {
          pending = fill(req).finally(() => filling.delete(key));
          filling.set(key, pending);
        }
        page = await pending;
        // Not cacheable (no header, an error, a redirect): React Router answers as before.
        if (!page) {
          const oldest = uncacheable.keys().next();
          if (uncacheable.size >= maxUncacheable && !oldest.done) uncacheable.delete(oldest.value);
          uncacheable.set(key, nextWholeMinute(now()));
          return next();
        }
        if (page.until > now().getTime()) {
          const oldest = cache.keys().next();
          if (cache.size >= maxEntries && !oldest.done) cache.delete(oldest.value);
          cache.set(key, page);
        }
      }
      send(req, res, page);
    } catch (error) {
      next(error);
    }
  };
}

function send(req: Request, res: Response, page: CachedPage) {
  // Only the values this page holds are drawn (a token is signed only for the form's page).
  const values = new Map<Substitution, Buffer>();
  for (const part of page.parts) {
    if (!Buffer.isBuffer(part) && !values.has(part))
      values.set(part, Buffer.from(part.value(req, res) ?? ""));
  }
  const valueOf = (part: Substitution) => values.get(part) ?? Buffer.alloc(0);
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.vary("Accept-Encoding");
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  const identity = page.parts.map((part) => (Buffer.isBuffer(part) ? part : valueOf(part)));
  let body: Buffer;
  if (gzip) {
    body = gzipFromBlocks(
      page.deflated.map((part) => (Buffer.isBuffer(part) ? part : storedBlock(valueOf(part)))),
      identity,
    );
    res.setHeader("Content-Encoding", "gzip");
  } else {
    body = Buffer.concat(identity);
  }
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Splits `html` at every occurrence of the stand-ins: text buffers and what stands there. */
export function splitAt<T>(html: Buffer, standIns: Map<string, T>): (Buffer | T)[] {
  const text = html.toString("latin1");
  const pattern = new RegExp([...standIns.keys()].join("|"), "g");
  const parts: (Buffer | T)[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const stood = standIns.get(match[0]);
    if (stood === undefined) continue;
    parts.push(html.subarray(last, match.index));
    parts.push(stood);
    last = match.index + match[0].length;
  }
  parts.push(html.subarray(last));
  return parts;
}

/** A non-final stored deflate block holding `data` (starts on a byte boundary). */
export function storedBlock(data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < data.length || offset === 0; offset += 65_535) {
    const chunk = data.subarray(offset, offset + 65_535);
    const header = Buffer.alloc(5);
    header[0] = 0; // BFINAL 0, BTYPE 00 (stored), padded to the byte
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
    if (data.length === 0) break;
  }
  return Buffer.concat(blocks);
}

/** The final, empty block that ends a deflate stream. */
const finalBlock = Buffer.from([0x03, 0x00]);
const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** A gzip member from sync-flushed raw deflate blocks and the bytes they hold. */
export function gzipFromBlocks(blocks: Buffer[], identity: Buffer[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const part of identity) {
    crc = crc32(part, crc);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  return Buffer.concat([gzipHeader, ...blocks, finalBlock, trailer]);
}
