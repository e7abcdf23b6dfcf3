import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, crc32, deflateRawSync, gzipSync, constants as zlib } from "node:zlib";
import type { Request, RequestHandler } from "express";
import type { AppLoadContext } from "react-router";
import { renderCacheHeader, renderCacheMinuteMs } from "~/lib/render-cache";
import {
  hydrationDataAsModule,
  pageDataModuleName,
  pageDataModulePattern,
} from "~/lib/scripts-after-first-paint.server";
import { crc32CombineShifted, crc32Shift } from "./crc32-combine";
import {
  ASSET_CACHE_CONTROL,
  compressedDocument,
  negotiateEncoding,
  sendDocument,
  type CompressedDocument,
} from "./precompressed";
import { drawCspNonce } from "./security-headers";
import { rememberedZopfliPart, zopfliPart } from "./zopfli-part";

/**
 * The render cache of server-rendered pages (docs/decisions/063). Home,
 * /events, /contact and the event pages depend on a request only through the
 * clock, the CSP nonce, a form's signed token and, on an event page that takes
 * registrations, its seat counts. A page that answers with
 * `X-Render-Cache-Until` (app/lib/render-cache.ts) is rendered once, with
 * stand-ins for the per-request values, and served from memory until that
 * instant (the next whole minute, or an event's start if sooner); every
 * response gets its own nonce and token put into the cached HTML.
 *
 * Per-request values are `substitutions`: a stand-in the render writes, and
 * the value each response gets instead. Live data a render reads through the
 * load context (an event's seat counts) goes through `track`: the page is
 * kept with the answers its render got, and each request reads them again
 * (one indexed query) and serves the cached page only if they are unchanged;
 * otherwise the page is rendered again, so a registration shows on the next
 * request (docs/decisions/034). A page without the header (an answer to a
 * registration, a 404) is rendered on every request; that answer is
 * remembered until the next whole minute, so it is not rendered twice.
 *
 * Cached pages are sent with gzip made per response from deflate blocks
 * compressed once: the fixed parts of the page are compressed at the cache
 * fill, each ending on a byte boundary (a sync flush), and the per-request
 * values go between them as stored blocks. The gzip trailer's CRC is combined
 * from each fixed part's CRC, taken at the fill (server/crc32-combine.ts), and
 * the values' own, so a response never reads the whole page again. Brotli
 * cannot be spliced this way, so a cached page is never sent as br. The first
 * part, most of the page, is compressed again by Zopfli on a worker thread
 * and sent so once that is done (server/zopfli-part.ts).
 *
 * A cached page whose hydration data holds no per-request value (home,
 * /events, a past event) has that data moved into a module of its own, as
 * prerendered pages have at build time (docs/decisions/068): the cache keeps
 * the module, compressed once and named by its content, for an hour after
 * the last page naming it expires, and serves it under /assets
 * (`serveDataModule`).
 */

/** What each response brings to its cached page. */
export type PerResponse = { cspNonce: string };

/**
 * Runs a read of live data for a render that is to be cached, and keeps it:
 * the cached page is served only while the same read gives the same answer.
 * A read may answer at once (a value the reader remembers): then the cached
 * page is found without waiting a turn.
 */
export type TrackRead = <T>(read: () => T | Promise<T>) => Promise<T>;

export type Substitution = {
  /** What the render writes in place of the value; letters and digits only. */
  standIn: string;
  /** Where the render takes the stand-in (and its live reads) from: the load context's fields. */
  context: (standIn: string, track: TrackRead) => Partial<AppLoadContext>;
  /** This response's value; undefined when the page has none (no token without the lead pipeline). */
  value: (response: PerResponse) => string | undefined;
};

/** Renders the page at this address with these load context fields. */
type Render = (url: URL, context: Partial<AppLoadContext>) => Promise<globalThis.Response>;

/** A fixed stretch of a cached page, with what each response needs of it, taken once. */
type FixedPart = {
  text: Buffer;
  /**
   * Compressed (raw deflate, sync-flushed) with what precedes it in the page
   * as the dictionary, the values stood in by NUL bytes of their length:
   * valid when every value has that length (`CachedPage.valueLengths`).
   */
  deflated: Buffer;
  /** Compressed alone: valid whatever the values' lengths. */
  deflatedAlone: Buffer;
  crc: number;
  /** crc32Shift(text.length): appends this part's CRC to the CRC before it. */
  shift: number;
};

/** A live read a cached render made, and its answer then: as it came, and as JSON. */
type LiveRead = { read: () => unknown; answer: unknown; answerJson: string };

export type CachedPage = {
  until: number;
  status: number;
  headers: [string, string][];
  /** The HTML cut at every stand-in: text, substitution, text, … */
  parts: (FixedPart | Substitution)[];
  /** The substitutions the page holds, each once. */
  substitutions: Substitution[];
  /** The length in bytes each value had when the page was compressed. */
  valueLengths: Map<Substitution, number>;
  liveReads: LiveRead[];
};

export type RenderCache = {
  /**
   * The cached page for this request if it is still true: not expired, and
   * every live read it depends on answers as it did. A stale page is dropped.
   */
  lookup: (
    host: string | undefined,
    url: string,
  ) => CachedPage | Promise<CachedPage | undefined> | undefined;
  /** Serves GET and HEAD documents from the cache, rendering them on a miss (Express). */
  middleware: RequestHandler;
  /**
   * Serves a cached page's hydration data module, mounted at /assets. One it
   * does not hold (this process restarted, or another rendered the page) is
   * made again by rendering the page the request's Referer names, when that
   * gives the same module; otherwise the request goes on (a 404).
   */
  serveDataModule: RequestHandler;
};

/** A cached page's hydration data module, compressed once. */
type DataModule = { document: CompressedDocument; keptUntil: number };

/** How long a data module outlives the last cached page naming it: a page may load slowly. */
const dataModuleRetentionMs = 60 * 60_000;
const maxDataModules = 200;

const maxEntries = 200;
const maxUncacheable = 1_000;

function nextWholeMinute(date: Date): number {
  return (Math.floor(date.getTime() / renderCacheMinuteMs) + 1) * renderCacheMinuteMs;
}

function cacheKey(host: string | undefined, url: string): string {
  return `${host ?? ""} ${url}`;
}

/** The page's address as React Router sees it. */
function pageUrl(req: Request, originalUrl = req.originalUrl): URL {
  return new URL(originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
}

/**
 * Whether every live read of the page gives the answer it gave its render: at
 * once when every read answers at once, as a promise otherwise.
 */
function stillAnswers(page: CachedPage): boolean | Promise<boolean> {
  const answers = page.liveReads.map(({ read }) => read());
  const same = (answer: unknown, index: number) => {
    const then = page.liveReads[index];
    // The same object (a remembered answer) is the same answer without a look inside.
    return answer === then?.answer || JSON.stringify(answer) === then?.answerJson;
  };
  if (answers.some((answer) => answer instanceof Promise))
    return Promise.all(answers).then((settled) => settled.every(same));
  return answers.every(same);
}

export function createRenderCache({
  now,
  render,
  substitutions,
}: {
  now: () => Date;
  render: Render;
  substitutions: Substitution[];
}): RenderCache {
  const cache = new Map<string, CachedPage>();
  const filling = new Map<string, Promise<CachedPage | undefined>>();
  // Addresses whose render did not allow caching (a registration's answer, a
  // redirect, a 404, a failed read), until the next whole minute: React
  // Router renders them directly instead of twice. Checked again after that,
  // since time can make a page cacheable (an event that has started).
  const uncacheable = new Map<string, number>();
  const dataModules = new Map<string, DataModule>();

  /** Keeps a data module until the page naming it expires, and an hour more. */
  function keepDataModule(name: string, text: string, pageUntil: number) {
    const keptUntil = pageUntil + dataModuleRetentionMs;
    const known = dataModules.get(name);
    // Taken out and put back: the map's order is then the order of last use.
    dataModules.delete(name);
    if (known) {
      known.keptUntil = Math.max(known.keptUntil, keptUntil);
      dataModules.set(name, known);
      return;
    }
    const at = now().getTime();
    for (const [held, module] of dataModules) if (module.keptUntil <= at) dataModules.delete(held);
    const oldest = dataModules.keys().next();
    if (dataModules.size >= maxDataModules && !oldest.done) dataModules.delete(oldest.value);
    const identity = Buffer.from(text);
    // At the strongest settings, as the build compresses its assets: once per module.
    const document = compressedDocument(identity, now(), {
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, {
        params: { [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
    });
    dataModules.set(name, { document, keptUntil });
  }

  /**
   * The page with its hydration data in a module (`hydrationDataAsModule`),
   * unless the data holds a per-request value (a form's token), which every
   * response must have its own of.
   */
  function withDataModule(html: Buffer, standIns: Iterable<string>, until: number): Buffer {
    let module: { name: string; text: string } | undefined;
    const moved = hydrationDataAsModule(html.toString(), (text) => {
      module = { name: pageDataModuleName(text), text };
      return `/assets/${module.name}`;
    });
    if (moved === undefined || module === undefined) return html;
    for (const standIn of standIns) if (module.text.includes(standIn)) return html;
    keepDataModule(module.name, module.text, until);
    return Buffer.from(moved);
  }

  async function fill(url: URL): Promise<CachedPage | undefined> {
    // Unguessable stand-ins, so no text of the page can be mistaken for one.
    const standIns = new Map(
      substitutions.map((s) => [`${s.standIn}${randomBytes(12).toString("hex")}`, s]),
    );
    const liveReads: LiveRead[] = [];
    let readFailed = false;
    const track: TrackRead = async (read) => {
      try {
        const answer = await read();
        liveReads.push({ read, answer, answerJson: JSON.stringify(answer) });
        return answer;
      } catch (error) {
        // The page shows what it can without the answer: not worth keeping.
        readFailed = true;
        throw error;
      }
    };
    const context: Partial<AppLoadContext> = {};
    for (const [standIn, substitution] of standIns)
      Object.assign(context, substitution.context(standIn, track));
    const response = await render(url, context);
    const rendered = Buffer.from(await response.arrayBuffer());
    // No header means the page is not cacheable (Number(null) would be 0, a
    // valid instant in the past, and the stand-in render would be served).
    const untilHeader = response.headers.get(renderCacheHeader);
    const until = untilHeader === null ? NaN : Number(untilHeader);
    if (response.status !== 200 || !Number.isFinite(until) || readFailed) return undefined;
    const html = withDataModule(rendered, standIns.keys(), until);
    const pieces = splitAt(html, standIns);
    const held = new Set(pieces.filter((part): part is Substitution => !Buffer.isBuffer(part)));
    const sample: PerResponse = { cspNonce: drawCspNonce() };
    const valueLengths = new Map(
      [...held].map((s) => [s, Buffer.byteLength(s.value(sample) ?? "")] as const),
    );
    const parts = compressParts(pieces, valueLengths, !html.includes(0));
    sendFirstPartAsZopfli(parts);
    const headers = [...response.headers].filter(
      ([name]) => !/^(content-length|content-encoding|x-render-cache-until)$/i.test(name),
    );
    return {
      until,
      status: response.status,
      headers,
      parts,
      substitutions: [...held],
      valueLengths,
      liveReads,
    };
  }

  function lookup(host: string | undefined, url: string) {
    const key = cacheKey(host, url);
    const page = cache.get(key);
    if (!page) return undefined;
    if (page.until <= now().getTime()) {
      cache.delete(key);
      return undefined;
    }
    if (page.liveReads.length === 0) return page;
    const drop = () => {
      if (cache.get(key) === page) cache.delete(key);
      return undefined;
    };
    let same: boolean | Promise<boolean>;
    try {
      same = stillAnswers(page);
    } catch {
      return drop();
    }
    if (typeof same === "boolean") return same ? page : drop();
    return same.then((answers) => (answers ? page : drop()), drop);
  }

  function remember(key: string, page: CachedPage) {
    if (page.until <= now().getTime()) return;
    const oldest = cache.keys().next();
    if (cache.size >= maxEntries && !oldest.done) cache.delete(oldest.value);
    cache.set(key, page);
  }

  /** The cached page at this address, rendered and kept when missing; undefined when not cacheable. */
  async function cachedPage(
    host: string | undefined,
    originalUrl: string,
    url: URL,
  ): Promise<CachedPage | undefined> {
    const key = cacheKey(host, originalUrl);
    const checkedUntil = uncacheable.get(key);
    if (checkedUntil !== undefined) {
      if (checkedUntil > now().getTime()) return undefined;
      uncacheable.delete(key);
    }
    let page = await lookup(host, originalUrl);
    if (page) return page;
    let pending = filling.get(key);
    const joined = pending !== undefined;
    if (!pending) {
      pending = fill(url).finally(() => filling.delete(key));
      filling.set(key, pending);
    }
    page = await pending;
    // A render this request joined may have read its live data before
    // this request arrived (before a registration it follows, say).
    if (page && joined && page.liveReads.length > 0 && !(await stillAnswers(page))) {
      page = await fill(url);
    }
    // Not cacheable (no header, an error, a redirect): React Router answers as before.
    if (!page) {
      const oldest = uncacheable.keys().next();
      if (uncacheable.size >= maxUncacheable && !oldest.done) uncacheable.delete(oldest.value);
      uncacheable.set(key, nextWholeMinute(now()));
      return undefined;
    }
    remember(key, page);
    return page;
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.endsWith(".data")) {
      return next();
    }
    try {
      const page = await cachedPage(req.get("host"), req.originalUrl, pageUrl(req));
      if (!page) return next();
      sendCachedPage(req, res, page, { cspNonce: res.locals.cspNonce as string });
    } catch (error) {
      next(error);
    }
  };

  /** The page this request came from, when it is on this site: the one that names the module. */
  function refererPath(req: Request): string | undefined {
    const referer = req.get("referer");
    if (!referer) return undefined;
    try {
      const from = new URL(referer);
      return from.host === req.get("host") ? from.pathname + from.search : undefined;
    } catch {
      return undefined;
    }
  }

  const serveDataModule: RequestHandler = async (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== "GET" && req.method !== "HEAD") || !pageDataModulePattern.test(name)) {
      return next();
    }
    try {
      let module = dataModules.get(name);
      const from = module ? undefined : refererPath(req);
      if (from !== undefined) {
        await cachedPage(req.get("host"), from, pageUrl(req, from));
        module = dataModules.get(name);
      }
      if (!module) return next();
      res.setHeader("Content-Type", "text/javascript; charset=utf-8");
      res.setHeader("Cache-Control", ASSET_CACHE_CONTROL);
      sendDocument(req, res, module.document);
    } catch (error) {
      next(error);
    }
  };

  return { lookup, middleware, serveDataModule };
}

/**
 * The fixed parts compressed, each ending on a byte boundary so the values'
 * stored blocks can go between them. Each part is compressed with the 32 KB
 * before it as its dictionary, so it refers back across the cuts as one gzip
 * of the whole page would (a part compressed alone starts from nothing: the
 * home page came out 16% larger). The values are not known yet: their place
 * in the dictionary is filled with NUL bytes of their length, which HTML never
 * contains, so no back-reference can land in one, and every distance holds as
 * long as each value has that length (a nonce always has; the part compressed
 * alone is kept for a value that has not).
 */
function compressParts(
  pieces: (Buffer | Substitution)[],
  valueLengths: Map<Substitution, number>,
  withDictionary: boolean,
): (FixedPart | Substitution)[] {
  const window = 32 * 1024;
  const before: Buffer[] = [];
  return pieces.map((piece) => {
    if (!Buffer.isBuffer(piece)) {
      before.push(Buffer.alloc(valueLengths.get(piece) ?? 0));
      return piece;
    }
    const alone = deflateRawSync(piece, { level: 9, finishFlush: zlib.Z_SYNC_FLUSH });
    const history = Buffer.concat(before);
    const deflated =
      withDictionary && history.length > 0
        ? deflateRawSync(piece, {
            level: 9,
            finishFlush: zlib.Z_SYNC_FLUSH,
            dictionary: history.subarray(Math.max(0, history.length - window)),
          })
        : alone;
    before.push(piece);
    return {
      text: piece,
      deflated,
      deflatedAlone: alone,
      crc: crc32(piece),
      shift: crc32Shift(piece.length),
    };
  });
}

/**
 * The first part (the page up to its first per-response value, most of it)
 * is sent as Zopfli made it once that is ready (server/zopfli-part.ts): at
 * once when this text was compressed before, on a later response otherwise.
 * It has nothing before it, so one deflate serves with and without the
 * dictionary.
 */
function sendFirstPartAsZopfli(parts: (FixedPart | Substitution)[]) {
  const first = parts[0];
  if (!first || !("text" in first)) return;
  const adopt = (deflated: Buffer | undefined) => {
    if (!deflated || deflated.length >= first.deflated.length) return;
    first.deflated = deflated;
    first.deflatedAlone = deflated;
  };
  const known = rememberedZopfliPart(first.text);
  if (known) adopt(known);
  else void zopfliPart(first.text).then(adopt);
}

/** A per-response value, with what a gzip body needs of it, taken once however often it appears. */
type Value = { text: Buffer; stored?: Buffer; crc?: number; shift?: number };

/**
 * Sends a cached page with this response's values: gzip when the client
 * takes it, brotli made per response when it takes only that, the HTML as
 * it is otherwise. Headers set before (the security
 * headers, Cache-Control) stay. The gzip body is a few parts compressed once
 * and the values between them, about a fifth of the HTML: it is joined into
 * one buffer and written at once, which costs less than a write per part.
 * The HTML itself is written part by part (corked), never copied.
 */
export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  perResponse: PerResponse,
  preparedHeaders?: string[],
): void {
  // Only the values this page holds are drawn (a token is signed only for a form's page).
  const values = new Map<Substitution, Value>();
  for (const substitution of page.substitutions)
    values.set(substitution, { text: Buffer.from(substitution.value(perResponse) ?? "") });
  const valueOf = (part: Substitution): Value => values.get(part) ?? { text: Buffer.alloc(0) };
  const writeHeaders = (encoding: string | undefined, length: number) => {
    if (preparedHeaders) {
      if (encoding) preparedHeaders.push("Content-Encoding", encoding);
      preparedHeaders.push("Content-Length", String(length));
      res.writeHead(page.status, preparedHeaders);
      return;
    }
    res.statusCode = page.status;
    for (const [name, value] of page.headers) res.setHeader(name, value);
    addVaryAcceptEncoding(res);
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(length));
  };
  const head = req.method === "HEAD";
  if (negotiateEncoding(req.headers["accept-encoding"], gzipOrIdentity) === "gzip") {
    for (const value of values.values()) {
      value.stored = storedBlock(value.text);
      value.crc = crc32(value.text);
      value.shift = crc32Shift(value.text.length);
    }
    let lengthsHold = true;
    for (const [substitution, value] of values)
      if (value.text.length !== page.valueLengths.get(substitution)) lengthsHold = false;
    const deflated = (part: FixedPart) => (lengthsHold ? part.deflated : part.deflatedAlone);
    let crc = 0;
    let size = 0;
    let length = gzipHeader.length + finalBlock.length + 8;
    for (const part of page.parts) {
      if ("text" in part) {
        crc = crc32CombineShifted(crc, part.crc, part.shift);
        size += part.text.length;
        length += deflated(part).length;
      } else {
        const value = valueOf(part);
        crc = crc32CombineShifted(crc, value.crc ?? 0, value.shift ?? crc32Shift(0));
        size += value.text.length;
        length += value.stored?.length ?? 0;
      }
    }
    writeHeaders("gzip", length);
    if (head) return void res.end();
    const body = Buffer.allocUnsafe(length);
    let at = gzipHeader.copy(body, 0);
    for (const part of page.parts)
      at += ("text" in part ? deflated(part) : (valueOf(part).stored ?? Buffer.alloc(0))).copy(
        body,
        at,
      );
    at += finalBlock.copy(body, at);
    body.writeUInt32LE(crc >>> 0, at);
    body.writeUInt32LE(size >>> 0, at + 4);
    res.end(body);
    return;
  }
  const chunks = page.parts.map((part) => ("text" in part ? part.text : valueOf(part).text));
  if (negotiateEncoding(req.headers["accept-encoding"], brotliOrIdentity) === "br") {
    // A client that takes brotli but not gzip (rare): compressed per response
    // at a quick setting, since brotli cannot be spliced like the gzip above.
    const html = Buffer.concat(chunks);
    const body = brotliCompressSync(html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 4,
        [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
    writeHeaders("br", body.length);
    if (head) return void res.end();
    res.end(body);
    return;
  }
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  writeHeaders(undefined, length);
  if (head) return void res.end();
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
}

const gzipOrIdentity = ["gzip", "identity"] as const;
const brotliOrIdentity = ["br", "identity"] as const;

/**
 * A cached page's headers for `sendCachedPage`'s `preparedHeaders`: the ones
 * set before it (`before`, the app's middleware would set them), then the
 * page's own, which win over a name set before, as `setHeader` would let
 * them, then Vary with Accept-Encoding in it.
 */
export function cachedPageHeaders(before: readonly [string, string][], page: CachedPage): string[] {
  const own = new Set(page.headers.map(([name]) => name.toLowerCase()));
  const list: string[] = [];
  for (const [name, value] of before) if (!own.has(name.toLowerCase())) list.push(name, value);
  let vary: string | undefined;
  for (const [name, value] of page.headers) {
    if (name.toLowerCase() === "vary") vary = value;
    else list.push(name, value);
  }
  list.push(
    "Vary",
    vary === undefined
      ? "Accept-Encoding"
      : varyHasAcceptEncoding(vary)
        ? vary
        : `${vary}, Accept-Encoding`,
  );
  return list;
}

const varyHasAcceptEncoding = (vary: string) => /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary);

function addVaryAcceptEncoding(res: ServerResponse) {
  const vary = res.getHeader("Vary");
  if (vary === undefined) res.setHeader("Vary", "Accept-Encoding");
  else if (!varyHasAcceptEncoding(String(vary)))
    res.setHeader("Vary", `${String(vary)}, Accept-Encoding`);
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
export const finalBlock = Buffer.from([0x03, 0x00]);
const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
