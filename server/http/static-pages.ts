import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { inlineScriptHashes } from "./security-headers";

export type PrerenderedPage = {
  file: string;
  /** CSP sources for the page's inline scripts, hashed from the file at start-up. */
  scriptHashes: string[];
};

/**
 * Maps each prerendered page's URL path to its HTML file in the client build, with its scripts' hashes:
 * "/" to index.html, "/about" to about/index.html. Read once at start-up, so a
 * request never touches the disk to find out whether a page is static.
 */
export function findPrerenderedPages(clientDir: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets") walk(full);
      } else if (entry.name === "index.html") {
        const relative = path.relative(clientDir, dir).split(path.sep).join("/");
        const scriptHashes = inlineScriptHashes(readFileSync(full, "utf8"));
        pages.set(relative === "" ? "/" : `/${relative}`, { file: full, scriptHashes });
      }
    }
  };
  walk(clientDir);
  return pages;
}
