import { build } from "esbuild";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

// Bundles the Express entry into build/server/main.js, next to React Router's
// server build, so production runs plain JavaScript with no TypeScript loader.
await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  logLevel: "warning",
});
console.log("Server entry bundled: build/server/main.js");

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
