import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RawFiles } from "~/lib/content/collection";
import { parsePosts, postsDirectory, type PostEntry } from "~/features/blog/post-collection";

/**
 * Reads content/posts from disk, for code that runs outside Vite: the
 * prerender list (react-router.config.ts), scripts and browser tests. The app
 * itself bundles the same files with import.meta.glob (posts.server.ts).
 * Node only: never import this from app code that reaches the browser.
 */
const projectRoot = fileURLToPath(new URL("../../", import.meta.url));

export function readPostFiles(): RawFiles {
  const directory = path.join(projectRoot, postsDirectory);
  const files: Record<string, string> = {};
  for (const name of readdirSync(directory)) {
    if (name.endsWith(".md")) {
      // Keyed like Vite's glob, so errors name the same path either way.
      files[`/${postsDirectory}/${name}`] = readFileSync(path.join(directory, name), "utf8");
    }
  }
  return files;
}

/** The posts a production build publishes: every valid post that is not a draft, newest first. */
export function readPublishedPosts(): PostEntry[] {
  return parsePosts(readPostFiles(), { includeDrafts: false });
}

/** Every post, drafts included, newest first. */
export function readAllPosts(): PostEntry[] {
  return parsePosts(readPostFiles(), { includeDrafts: true });
}
