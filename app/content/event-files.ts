import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The event slugs, from the file names in content/events, for code that runs
 * outside Vite (the prerender list of social cards, browser tests). The schema
 * in events.server.ts requires each slug to equal its file name, and the
 * build validates the files themselves.
 */
const eventsDirectory = fileURLToPath(new URL("../../content/events/", import.meta.url));

export function readEventSlugs(): string[] {
  return readdirSync(eventsDirectory)
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => path.basename(name, ".yaml"))
    .sort();
}
