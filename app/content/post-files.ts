import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RawFiles } from "./collection";
import { parsePosts, postsDirectory, type PostEntry } from "./post-collection";
import { loadTeam, teamDirectory } from "./team-collection";

/**
 * Reads content/posts from disk, for code that runs outside Vite: the
 * prerender list (react-router.config.ts), scripts and browser tests. The app
 * itself bundles the same files with import.meta.glob (posts.server.ts).
 * Node only: never import this from app code that reaches the browser.
 */
const projectRoot = fileURLToPath(new URL("../../", import.meta.url));

export function readPostFiles(): RawFiles {
  return readContentFiles(postsDirectory, ".md");
}

/** content/team, whose leaders sign the posts. */
function readTeam() {
  return loadTeam(readContentFiles(teamDirectory, ".yaml"));
}

function readContentFiles(folder: string, extension: string): RawFiles {
  const directory = path.join(projectRoot, folder);
  const files: Record<string, string> = {};
  for (const name of readdirSync(directory)) {
    if (name.endsWith(extension)) {
      // Keyed like Vite's glob, so errors name the same path either way.
      files[`/${folder}/${name}`] = readFileSync(path.join(directory, name), "utf8");
    }
  }
  return files;
}

/** The posts a production build publishes: every valid post that is not a draft, newest first. */
export function readPublishedPosts(): PostEntry[] {
  return parsePosts(readPostFiles(), { includeDrafts: false, team: readTeam() });
}

/** Every post, drafts included, newest first. */
export function readAllPosts(): PostEntry[] {
  return parsePosts(readPostFiles(), { includeDrafts: true, team: readTeam() });
}
