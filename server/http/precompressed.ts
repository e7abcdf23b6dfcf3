import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import express, { type Request, type Response } from "express";
import type { IncomingHttpHeaders } from "node:http";

/**
 * Files compressed once rather than on every request: prerendered pages at
 * start-up (in memory), and the hashed assets at build time (.br and .gz
 * beside each file, scripts/build-server.ts). A request gets the smallest
 * encoding its Accept-Encoding allows; compression() skips anything that
 * already has a Content-Encoding.
 */
export type Encoding = "br" | "gzip" | "identity";

/** The encoding to send: brotli, then gzip, then none, as the client accepts. */
export function preferredEncoding(req: { headers: IncomingHttpHeaders }): Encoding {
  const accepted = negotiateEncoding(req.headers["accept-encoding"], brGzipOrIdentity);
  return accepted === "br" || accepted === "gzip" ? accepted : "identity";
}

const brGzipOrIdentity = ["br", "gzip", "identity"] as const;

/** Per list of offered encodings: the answer per Accept-Encoding value. */
const negotiated = new Map<readonly string[], Map<string, string | false>>();
const maxNegotiated = 500;

/**
 * Express's `req.acceptsEncodings(...offered)`, the same negotiation (q-values,
 * then the order the client lists them in), remembered per Accept-Encoding
 * value: clients send a handful of distinct values, and the fast path
 * (server/fast-path.ts) answers without building an Express request.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  offered: readonly string[],
): string | false {
  let answers = negotiated.get(offered);
  if (!answers) negotiated.set(offered, (answers = new Map()));
  const key = acceptEncoding ?? "";
  let answer = answers.get(key);
  if (answer === undefined) {
    const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    answer = (
      express.request.acceptsEncodings as (this: unknown, ...encodings: string[]) => string | false
    ).call({ headers }, ...offered);
    // A bound on what clients can make this remember.
    if (answers.size >= maxNegotiated) answers.clear();
    answers.set(key, answer);
  }
  return answer;
}

/**
 * Whether the client's copy is current (Express's `req.fresh`, the `fresh`
 * package's rules): If-None-Match against the ETag (weak or strong, or `*`),
 * else If-Modified-Since against Last-Modified; never when the request says
 * Cache-Control: no-cache.
 */
export function isFresh(headers: IncomingHttpHeaders, etag: string, lastModified: string): boolean {
  const modifiedSince = headers["if-modified-since"];
  const noneMatch = headers["if-none-match"];
  if (!modifiedSince && !noneMatch) return false;
  const cacheControl = headers["cache-control"];
  if (cacheControl && /(?:^|,)\s*?no-cache\s*?(?:,|$)/.test(cacheControl)) return false;
  if (noneMatch) {
    if (noneMatch.trim() === "*") return true;
    return noneMatch
      .split(",")
      .map((tag) => tag.trim())
      .some((tag) => tag === etag || tag === `W/${etag}` || `W/${tag}` === etag);
  }
  const since = Date.parse(modifiedSince ?? "");
  const modified = Date.parse(lastModified);
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

export type CompressedDocument = {
  variants: Record<Encoding, Buffer>;
  /**
   * One strong ETag per encoding: the three variants are different bytes, so a
   * cache must never answer a request for one with another (RFC 9110, 8.8.3).
   */
  etags: Record<Encoding, string>;
  lastModified: string;
};

/** Hashed assets never change under their name: cached for a year. */
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * A file and its compressed forms, in memory: for the small, hot prerendered
 * pages. The build writes the .br and .gz beside each page; a page without
 * them (a build made by hand) is compressed here, at quick settings.
 */
export function compressDocument(file: string, modified: Date): CompressedDocument {
  const sibling = (suffix: string) =>
    existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`) : undefined;
  return compressedDocument(readFileSync(file), modified, {
    gzip: sibling(".gz"),
    br: sibling(".br"),
  });
}

/** Bytes and their compressed forms: those given, the others made here at quick settings. */
export function compressedDocument(
  identity: Buffer,
  modified: Date,
  compressed: Partial<Record<Exclude<Encoding, "identity">, Buffer>> = {},
): CompressedDocument {
  const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  return {
    variants: {
      identity,
      gzip: compressed.gzip ?? gzipSync(identity),
      br:
        compressed.br ??
        brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    },
    etags: {
      identity: `"${hash}"`,
      gzip: `"${hash}-gzip"`,
      br: `"${hash}-br"`,
    },
    lastModified: modified.toUTCString(),
  };
}

/** Sends a compressed document: 304 when the client's copy is current, the body otherwise. */
export function sendDocument(req: Request, res: Response, document: CompressedDocument): void {
  const encoding = preferredEncoding(req);
  res.vary("Accept-Encoding");
  res.setHeader("ETag", document.etags[encoding]);
  res.setHeader("Last-Modified", document.lastModified);
  if (isFresh(req.headers, document.etags[encoding], document.lastModified)) {
    res.status(304).end();
    return;
  }
  const body = document.variants[encoding];
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The asset's precompressed sibling for this request, if the build wrote one. */
export function precompressedAsset(
  assetsDir: string,
  requestPath: string,
  req: Request,
): { file: string; encoding: Exclude<Encoding, "identity"> } | undefined {
  const encoding = preferredEncoding(req);
  if (encoding === "identity") return undefined;
  const relative = path.normalize(requestPath).replace(/^([/\\])+/, "");
  if (relative.startsWith("..") || relative.includes("\0")) return undefined;
  const file = path.join(assetsDir, `${relative}.${encoding === "br" ? "br" : "gz"}`);
  return existsSync(file) ? { file, encoding } : undefined;
}
