import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * A plain static file server, the way a static host serves a built site: every
 * file read into memory once, text compressed once with brotli (quality 11) and
 * gzip (level 9), the smallest encoding the client accepts sent with an ETag,
 * `/dir` and `/dir/` answered with `dir/index.html`, and the fingerprinted
 * folder (`/_astro/*` for Astro) cached for a year as immutable. No logging,
 * no security headers: the reference the benchmarks compare this site with
 * (the AstroWind build in ../shared/anchors/astrowind, never copied into the
 * project). Usage in a benchmark:
 *   const reference = await startStaticFileServer({ root, port, immutablePrefix: "/_astro/" });
 */
export type StaticFileServer = { url: string; stop: () => Promise<void> };

type StaticFile = {
  type: string;
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
};

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};
const compressible = /\.(html|css|js|json|svg|xml|txt)$/;

function loadFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const urlPath = "/" + path.relative(root, full).split(path.sep).join("/");
    const identity = readFileSync(full);
    const file: StaticFile = {
      type: types[path.extname(entry.name)] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(identity).digest("base64url")}"`,
      identity,
    };
    if (compressible.test(entry.name)) {
      file.br = brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      });
      file.gzip = gzipSync(identity, { level: 9 });
    }
    files.set(urlPath, file);
  }
  return files;
}

export async function startStaticFileServer({
  root,
  port,
  immutablePrefix,
}: {
  root: string;
  port: number;
  immutablePrefix: string;
}): Promise<StaticFileServer> {
  const files = loadFiles(root);
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/");
    const file =
      files.get(pathname) ??
      files.get(pathname.replace(/\/?$/, "/index.html")) ??
      files.get(`${pathname}.html`);
    if (!file || (req.method !== "GET" && req.method !== "HEAD")) {
      const notFound = files.get("/404.html");
      res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
      res.end(notFound?.identity);
      return;
    }
    const accept = String(req.headers["accept-encoding"] ?? "");
    const encoding =
      file.br && /\bbr\b/.test(accept) ? "br" : file.gzip && /\bgzip\b/.test(accept) ? "gzip" : "";
    const body = encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : file.identity;
    const headers: Record<string, string> = {
      "Content-Type": file.type,
      ETag: file.etag,
      "Cache-Control": pathname.startsWith(immutablePrefix)
        ? "public, max-age=31536000, immutable"
        : "public, max-age=0, must-revalidate",
    };
    if (file.br) headers.Vary = "Accept-Encoding";
    if (req.headers["if-none-match"] === file.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (encoding) headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body?.length ?? 0);
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The AstroWind build kept as the speed reference (not part of the project). */
export const astrowindRoot = path.resolve(
  process.env.ASTROWIND_SITE ?? "../shared/anchors/astrowind/site",
);

// Run on its own (bench:load starts it as a child process, so the load
// generator and the server under test never share an event loop):
//   tsx scripts/static-file-server.ts --port 3902 [--root DIR]
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "3902" },
      root: { type: "string", default: astrowindRoot },
      immutable: { type: "string", default: "/_astro/" },
    },
  });
  const server = await startStaticFileServer({
    root: values.root,
    port: Number(values.port),
    immutablePrefix: values.immutable,
  });
  console.error(`static files of ${values.root} on ${server.url}`);
  process.once("SIGTERM", () => void server.stop().then(() => process.exit(0)));
}
