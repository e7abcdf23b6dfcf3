import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { loadYamlFile, type RawFiles } from "./collection";

/*
 * The one reader of content/. Every loader takes its files from here, keyed
 * by their path from the project root ("/content/posts/x.md"), so errors name
 * the same file whichever way it was read:
 * - under Vite (the dev server, the build, Vitest) one glob bundles them, so
 *   the server bundle is self-contained and an edit reloads the page;
 * - in plain Node (the page list read by react-router.config.ts through tsx,
 *   scripts, Playwright's tests) they are read from disk.
 * Server-only: content never reaches the browser's JavaScript.
 */
const bundled: RawFiles | undefined = import.meta.env
  ? import.meta.glob<string>("/content/**/*.{md,yaml}", {
      query: "?raw",
      import: "default",
      eager: true,
    })
  : undefined;

const projectRoot = fileURLToPath(new URL("../../../", import.meta.url));

function readFromDisk(directory: string): RawFiles {
  const files: Record<string, string> = {};
  for (const name of readdirSync(path.join(projectRoot, directory))) {
    if (name.endsWith(".md") || name.endsWith(".yaml")) {
      files[`/${directory}/${name}`] = readFileSync(
        path.join(projectRoot, directory, name),
        "utf8",
      );
    }
  }
  return files;
}

/** The Markdown and YAML files directly inside `directory` (e.g. "content/posts"). */
export function contentFiles(directory: string): RawFiles {
  if (!bundled) return readFromDisk(directory);
  const prefix = `/${directory}/`;
  return Object.fromEntries(
    Object.entries(bundled).filter(
      ([key]) => key.startsWith(prefix) && !key.slice(prefix.length).includes("/"),
    ),
  );
}

/** One YAML content file (e.g. "content/figures.yaml"), validated against `schema`. */
export function loadContentFile<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  return loadYamlFile(file, contentFiles(path.posix.dirname(file))[`/${file}`], schema);
}
