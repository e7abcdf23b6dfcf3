import { build } from "esbuild";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import path from "node:path";
import { hydrationDataAsModule, pageDataModuleName } from "~/lib/scripts-after-first-paint.server";
import { writeBuildStamp } from "./build-stamp";

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
// development builds (several times slower to render) unless NODE_ENV is
// "production" when they are first imported, and a bundle's imports run before
// its first line: so this file sets it, then imports the server.
writeFileSync(
  "build/server/main.js",
  [
    "// Written by scripts/build-server.ts: production React unless NODE_ENV says otherwise.",
    'process.env.NODE_ENV ??= "production";',
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

// Hashed assets and prerendered pages are compressed once here, at the
// strongest settings, rather than by compression() on every request; the
// server sends the .br or .gz the browser accepts (server/http/static-files.ts).
// The gzip is Zopfli's, as static hosts make it: 3-4% smaller than zlib's
// level 9 and read by every gzip decoder. Browsers take gzip, not brotli,
// over plain http, and a page whose response fits the first ten TCP segments
// (14,600 bytes) paints a round trip sooner (docs/decisions/067).
let compressedCount = 0;
for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(html|js|css|svg|json|txt|xml)$/.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const original = readFileSync(file);
  const br = brotliCompressSync(original, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
    },
  });
  // Five iterations: fifteen took a third longer for 0.01% fewer bytes.
  const gz = Buffer.from(await gzipAsync(original, { numiterations: 5 }));
  if (br.length < original.length) writeFileSync(`${file}.br`, br);
  if (gz.length < original.length) writeFileSync(`${file}.gz`, gz);
  compressedCount += 1;
}
console.log(`Precompressed (brotli, Zopfli gzip): ${compressedCount} files`);

// Last, once the build is complete: the SITE_URL it was made for, so that
// `npm start` (scripts/ensure-build.ts) does not build it again.
writeBuildStamp(".", process.env);
