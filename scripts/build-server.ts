import { build } from "esbuild";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import path from "node:path";
import { hydrationDataAsModule, pageDataModuleName } from "~/lib/scripts-after-first-paint.server";
import { cachedBytes, contentKey, pruneBuildCache } from "~/lib/build-cache.server";
import semver from "semver";
import { writeBuildStamp } from "./build-stamp";
import { supportedNodeRange, unsupportedNodeLine } from "./lib/supported-node";

// Bundles the Express entry into build/server/server.js, next to React
// Router's server build, so production runs plain JavaScript with no
// TypeScript loader.
await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22.22",
  packages: "external",
  logLevel: "warning",
});
// The entry operators run. React, React DOM and React Router load their
// development builds (several times slower to render, and their stack traces
// name dist/development) unless NODE_ENV is "production" when they are first
// imported, and a bundle's imports run before its first line: so this file
// sets it, whatever the shell had (a built server is production; `npm run dev`
// is the development server), then imports the server, which warns when it
// overrode another value. Before anything, it checks the Node it runs on
// against package.json's engines, written in at build time: a server on an
// older Node crashed in its native module instead of saying why (issue 43).
const minimumNode = semver.minVersion(supportedNodeRange()) ?? new semver.SemVer("22.22.0");
const wrongNodeLine = (unsupportedNodeLine("0.0.0", supportedNodeRange()) ?? "").replace(
  "this is Node 0.0.0",
  "this is Node ${process.versions.node}",
);
writeFileSync(
  "build/server/main.js",
  [
    "// Written by scripts/build-server.ts: the built server always runs production React and React Router.",
    'const [major, minor] = process.versions.node.split(".").map(Number);',
    `if (major < ${minimumNode.major} || (major === ${minimumNode.major} && minor < ${minimumNode.minor})) {`,
    `  console.error(\`${wrongNodeLine}\`);`,
    "  process.exit(1);",
    "}",
    'if (process.env.NODE_ENV && process.env.NODE_ENV !== "production") {',
    "  process.env.CORVANTA_OVERRIDDEN_NODE_ENV = process.env.NODE_ENV;",
    "}",
    'process.env.NODE_ENV = "production";',
    'await import("./server.js");',
    "",
  ].join("\n"),
);
console.log("Server entry bundled: build/server/main.js -> build/server/server.js");

// Resource routes (sitemap, robots.txt, icons, social cards) are prerendered
// with a .data twin meant for client navigations to pages; files are never
// navigated to, so the twins are removed rather than served.
const clientDir = "build/client";
for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".data")) continue;
  const twin = path.join(entry.parentPath, entry.name.slice(0, -".data".length));
  if (/\.[a-z0-9]+$/i.test(twin) && existsSync(twin))
    rmSync(path.join(entry.parentPath, entry.name));
}

// Each prerendered page's hydration data goes into a module of its own,
// fetched after first paint, so the HTML holds its copy once
// (docs/decisions/067). The module is named by its content, like the assets.
let movedCount = 0;
for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
  const file = path.join(entry.parentPath, entry.name);
  const moved = hydrationDataAsModule(readFileSync(file, "utf8"), (moduleText) => {
    const name = `assets/${pageDataModuleName(moduleText)}`;
    writeFileSync(path.join(clientDir, name), moduleText);
    return `/${name}`;
  });
  if (moved === undefined) continue;
  writeFileSync(file, moved);
  movedCount += 1;
}
console.log(`Hydration data moved into modules: ${movedCount} prerendered pages`);

// Hashed assets and prerendered pages are compressed once here, rather than
// by compression() on every request; the server sends the .br or .gz the
// browser accepts (server/http/static-files.ts). Browsers take gzip, not
// brotli, over plain http, and a page whose response fits the first ten TCP
// segments (14,600 bytes) paints a round trip sooner (docs/decisions/067).
//
// How hard each file is compressed depends on whether its count grows with
// the content (docs/decisions/071):
// - files made once for the site (scripts, styles, icons, the feed): the
//   strongest settings, brotli 11 and Zopfli's gzip (five iterations: fifteen
//   took a third longer for 0.01% fewer bytes), 3-4% smaller than zlib's;
// - files made per page (its HTML, its data module, its cover art): brotli 5
//   and zlib's gzip at level 9, both far inside the first window for such
//   pages (a post: 10.3 KB and 12.2 KB of 53.8 KB). Brotli 10 made a post 9%
//   smaller (9.4 KB) for about 25 times the CPU (140 ms against 6), which
//   every page of a cold build paid; the page arrives in the same round trip
//   either way. Only a page whose output would not fit the first window with
//   its headers gets the strongest (brotli 11, Zopfli's gzip), where their
//   few percent can save the round trip.
const firstWindowBytes = 14_600;
/** A prerendered page's response headers, about 920 bytes (docs/decisions/067). */
const pageHeaderBytes = 1_000;
const brotliAsync = promisify(brotliCompress);
const gzipZlibAsync = promisify(gzip);

type Compression = { suffix: ".br" | ".gz"; settings: string; compress: () => Promise<Uint8Array> };

function compressions(file: string, original: Buffer): Compression[] {
  const perPage =
    file.endsWith(".html") ||
    /^page-data-[\w-]+\.js$/.test(path.basename(file)) ||
    file.startsWith(path.join(clientDir, "art") + path.sep);
  const brotli = (quality: number): Compression => ({
    suffix: ".br",
    settings: `brotli-${quality}`,
    compress: () =>
      brotliAsync(original, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        },
      }),
  });
  const zopfli: Compression = {
    suffix: ".gz",
    settings: "zopfli-5",
    compress: () => gzipAsync(original, { numiterations: 5 }),
  };
  if (!perPage) return [brotli(11), zopfli];
  const brotli5 = brotli(5);
  const zlib9: Compression = {
    suffix: ".gz",
    settings: "zlib-9",
    compress: () => gzipZlibAsync(original, { level: 9 }),
  };
  if (!file.endsWith(".html")) return [brotli5, zlib9];
  /** The light settings' output, or the strongest's when the light one passes the first window. */
  const inFirstWindow = (light: Compression, strongest: Compression): Compression => ({
    suffix: light.suffix,
    settings: `page: ${light.settings}, or ${strongest.settings} past the first window`,
    compress: async () => {
      const output = await light.compress();
      return output.length + pageHeaderBytes <= firstWindowBytes ? output : strongest.compress();
    },
  });
  return [inFirstWindow(brotli5, brotli(11)), inFirstWindow(zlib9, zopfli)];
}

let compressedCount = 0;
let reusedCount = 0;
const toCompress = readdirSync(clientDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(html|js|css|svg|json|txt|xml)$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));
async function compressFile(file: string) {
  const original = readFileSync(file);
  for (const { suffix, settings, compress } of compressions(file, original)) {
    let made = false;
    const output = await cachedBytes("compressed", contentKey(settings, original), () => {
      made = true;
      return compress();
    });
    if (!made) reusedCount += 1;
    if (output.length < original.length) writeFileSync(`${file}${suffix}`, output);
  }
  compressedCount += 1;
}
// Brotli and zlib run on libuv's thread pool: a few files at once keep both
// cores busy.
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let file = toCompress.pop(); file !== undefined; file = toCompress.pop())
      await compressFile(file);
  }),
);
console.log(
  `Precompressed (brotli, gzip): ${compressedCount} files; ${reusedCount} of ${compressedCount * 2} results reused from the build cache`,
);
console.log(`Build cache: ${pruneBuildCache()} entries unused for 30 days removed`);

// Last, once the build is complete: the SITE_URL it was made for, so that
// `npm start` (scripts/ensure-build.ts) does not build it again.
writeBuildStamp(".", process.env);
