import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * Maps each prerendered page's URL path to its HTML file in the client build:
 * "/" to index.html, "/about" to about/index.html. Read once at start-up, so a
 * request never touches the disk to find out whether a page is static.
 */
export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets") walk(full);
      } else if (entry.name === "index.html") {
        const relative = path.relative(clientDir, dir).split(path.sep).join("/");
        pages.set(relative === "" ? "/" : `/${relative}`, full);
      }
    }
  };
  walk(clientDir);
  return pages;
}
