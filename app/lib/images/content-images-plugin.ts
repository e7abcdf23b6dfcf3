import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { processImage } from "./image-variants.server.ts";

/**
 * Content images (docs/decisions/093): each file under content/images/ that
 * the content reader imports with `?content-image`
 * (app/lib/images/content-images.server.ts) is processed with sharp into its
 * variants, read from the build cache when its bytes were seen before, and
 * becomes a module of its facts (sizes, variant files and bytes). The build
 * writes the variants into build/client/assets/ beside Vite's hashed assets
 * (their names carry the source's hash), where the server and the deploy's
 * asset store serve them like any other; `npm run dev` serves them from
 * memory at the same paths. A file sharp cannot read becomes a module of the
 * reason, which the loaders report on the line naming it.
 */
export function contentImages(): Plugin {
  const query = "?content-image";
  const made = new Map<string, Buffer>();
  let clientAssets = "";
  return {
    name: "corvanta:content-images",
    enforce: "pre",
    configResolved(config) {
      const outDir = config.environments.client?.build.outDir ?? "build/client";
      clientAssets = path.resolve(config.root, outDir, "assets");
    },
    async load(id) {
      if (!id.endsWith(query)) return null;
      const file = id.slice(0, -query.length);
      this.addWatchFile(file);
      let facts: unknown;
      try {
        const processed = await processImage(file, readFileSync(file));
        for (const [name, bytes] of processed.files) made.set(name, bytes);
        facts = processed.facts;
      } catch (error) {
        facts = { error: error instanceof Error ? error.message : String(error) };
      }
      return `export default ${JSON.stringify(facts)};`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = /^\/assets\/([^/?#]+)/.exec(request.url ?? "")?.[1];
        const bytes = name ? made.get(name) : undefined;
        if (!name || !bytes) return next();
        response.setHeader("Content-Type", name.endsWith(".webp") ? "image/webp" : "image/jpeg");
        response.setHeader("Content-Length", bytes.length);
        response.end(bytes);
      });
    },
    writeBundle() {
      if (this.environment.name !== "ssr" || made.size === 0) return;
      mkdirSync(clientAssets, { recursive: true });
      for (const [name, bytes] of made) writeFileSync(path.join(clientAssets, name), bytes);
    },
  };
}
