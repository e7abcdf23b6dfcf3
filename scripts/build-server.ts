import { build } from "esbuild";

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
