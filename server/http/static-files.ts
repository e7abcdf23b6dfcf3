import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import compression from "compression";
import { compressionOptions } from "./compression-options";
import express, { type Request, type RequestHandler, type Response } from "express";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers";

/**
 * The client build: hashed assets, prerendered pages and the other files. The
 * build writes a .br and a .gz beside each (scripts/build-server.ts): a request
 * gets the smallest its Accept-Encoding allows.
 */

/** Hashed assets never change under their name: cached for a year. */
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** HTML may change with any deploy: browsers revalidate it on every visit. */
export const HTML_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** The type React Router gives the .data it renders on demand; the prerendered ones get it too. */
export const DATA_CONTENT_TYPE = "text/x-script; charset=utf-8";

export type Encoding = "br" | "gzip" | "identity";
const suffix: Record<Encoding, string> = { br: ".br", gzip: ".gz", identity: "" };

/**
 * The smallest body the client accepts. Asked one by one: among equals the
 * negotiator keeps the client's order, and browsers list gzip before br.
 */
export function preferredEncoding(req: Request): Encoding {
  return req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
}

/** A page kept whole, compressed once; its inline scripts carry no nonce: allowed by hash. */
export type CompressedPage = {
  bodies: Record<Encoding, Buffer>;
  etags: Record<Encoding, string>;
  policy: string;
};
type PrerenderedPage = CompressedPage & { lastModified: string };

/** The smallest of the page's bodies the client accepts, with its policy and ETag. */
export function sendCompressed(req: Request, res: Response, page: CompressedPage): void {
  const encoding = preferredEncoding(req);
  res.setHeader("Content-Security-Policy", page.policy);
  res.vary("Accept-Encoding");
  if (page.bodies[encoding] !== page.bodies.identity) res.setHeader("Content-Encoding", encoding);
  // Express answers 304 when the client's copy carries this ETag.
  res.setHeader("ETag", page.etags[encoding]);
  res.send(page.bodies[encoding]);
}

/** Every prerendered page ("/about" for about/index.html) by its path, read at start-up. */
function readPrerenderedPages(clientDir: string, https: boolean): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  const lastModified = new Date().toUTCString();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "assets") walk(full);
      if (entry.name !== "index.html") continue;
      const relative = path.relative(clientDir, dir).split(path.sep).join("/");
      const identity = readFileSync(full);
      // A build made by hand may lack a compressed copy: the page goes out as it is.
      const read = (ending: string) =>
        existsSync(full + ending) ? readFileSync(full + ending) : identity;
      const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
      const inlineScripts = inlineScriptHashes(identity.toString("utf8"));
      pages.set(relative === "" ? "/" : `/${relative}`, {
        bodies: { identity, br: read(".br"), gzip: read(".gz") },
        etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` },
        policy: contentSecurityPolicy({ inlineScripts, https }),
        lastModified,
      });
    }
  };
  walk(clientDir);
  return pages;
}

/**
 * Serves the client build: assets, prerendered pages by their clean path, the other files.
 * `assetStore` (ASSET_STORE): a directory holding every installed release's hashed assets, looked
 * in before the release's own, so a host behind a balancer shared with other hosts serves the
 * assets of a release it has installed but not yet switched to (docs/several-hosts.md).
 */
export function clientBuild(
  clientDir: string,
  { https, assetStore }: { https: boolean; assetStore?: string | undefined },
) {
  const pages = readPrerenderedPages(clientDir, https);
  const assetDirs = [...(assetStore ? [assetStore] : []), path.join(clientDir, "assets")];

  const prerendered: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pages.get(req.path);
    if (page) {
      res.set({
        "Cache-Control": HTML_CACHE_CONTROL,
        "Content-Type": "text/html; charset=utf-8",
        "Last-Modified": page.lastModified,
      });
      return sendCompressed(req, res, page);
    }
    // /about/index.html names the page by its file: the browser is sent to its address.
    const byFile = /^(.*)\/index\.html$/.exec(req.path);
    if (byFile && pages.has(byFile[1] || "/")) {
      const queryAt = req.originalUrl.indexOf("?");
      const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
      return res.redirect(301, `${byFile[1] || "/"}${query}`);
    }
    next();
  };

  // Vite fingerprints every file under /assets, so each name is a version.
  const precompressedAssets: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const encoding = preferredEncoding(req);
    if (encoding === "identity") return next();
    const relative = path.posix.normalize(req.path).replace(/^\/+/, "");
    if (relative.startsWith("..")) return next();
    const file = assetDirs
      .map((dir) => path.join(dir, relative + suffix[encoding]))
      .find((candidate) => existsSync(candidate));
    if (!file) return next();
    res.type(path.extname(req.path)).vary("Accept-Encoding");
    const headers = { "Content-Encoding": encoding, "Cache-Control": ASSET_CACHE_CONTROL };
    res.sendFile(file, { headers }, (error) => error && next(error));
  };
  const assets = assetDirs.map((dir, index) =>
    express.static(dir, {
      cacheControl: false,
      setHeaders: (res) => res.setHeader("Cache-Control", ASSET_CACHE_CONTROL),
      index: false,
      redirect: false,
      // A made-up asset name is a 404 after the last directory, never a page.
      fallthrough: index < assetDirs.length - 1,
    }),
  );

  // The rest of the build (favicon, robots, sitemap, images, prerendered .data);
  // never a page's HTML or a compressed copy by its own name.
  const otherFiles = express.static(clientDir, {
    index: false,
    redirect: false,
    setHeaders: (res, file) => {
      res.setHeader("Cache-Control", HTML_CACHE_CONTROL);
      // The same type React Router gives the .data it renders on demand.
      if (file.endsWith(".data")) res.setHeader("Content-Type", DATA_CONTENT_TYPE);
    },
  });
  // Every such file has an extension, a page's address never; most have no compressed copy.
  const compress = compression(compressionOptions);
  const files: RequestHandler = (req, res, next) =>
    !/\.\w+$/.test(req.path) || /\.(html|br|gz)$/i.test(req.path)
      ? next()
      : compress(req, res, () => otherFiles(req, res, next));

  const router = express.Router();
  router.use("/assets", precompressedAssets, ...assets);
  router.use(prerendered, files);
  return router;
}
