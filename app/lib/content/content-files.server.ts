import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { data } from "react-router";
import type { z } from "zod";
import {
  ContentError,
  loadYamlFile,
  refuseFile,
  setAsideContentErrors,
  type ContentReport,
  type RawFiles,
} from "./collection";

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

let diskRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** The checkout whose content/ is read outside Vite. */
export function contentRoot(): string {
  return diskRoot;
}

/** Outside Vite, reads the content/ of another checkout (`npm run check:content -- --root`). */
export function readContentFrom(root: string): void {
  diskRoot = root;
}

/**
 * A change not yet written: files added or replaced and files deleted, keyed
 * by their path from the project root ("content/posts/x.md"). The editor's
 * save is checked with it before it is written (docs/decisions/091).
 */
export type ProposedChange = { additions: Record<string, string>; deletions: string[] };

let proposed: ProposedChange = { additions: {}, deletions: [] };

/** Outside Vite, reads content/ and public/ as if `change` were written (`check:content --proposed`). */
export function proposeChange(change: ProposedChange): void {
  proposed = change;
}

const isContentFile = (name: string) => name.endsWith(".md") || name.endsWith(".yaml");

function readFromDisk(directory: string): RawFiles {
  const files: Record<string, string> = {};
  const folder = path.join(diskRoot, directory);
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    const file = `${directory}/${name}`;
    if (isContentFile(name) && !proposed.deletions.includes(file)) {
      files[`/${file}`] = readFileSync(path.join(folder, name), "utf8");
    }
  }
  for (const [file, text] of Object.entries(proposed.additions)) {
    if (path.posix.dirname(file) === directory && isContentFile(file)) files[`/${file}`] = text;
  }
  return files;
}

/**
 * Whether the site serves a file of public/ at `urlPath` ("/images/posts/x.png"):
 * Vite serves public/ in dev and copies it into the build. A post's images
 * are checked with it, so a broken path is a content error like any other.
 */
export function publicFileExists(urlPath: string): boolean {
  const file = path.posix.join("public", path.posix.normalize(urlPath));
  if (!file.startsWith("public/")) return false;
  if (file in proposed.additions) return true;
  if (proposed.deletions.includes(file)) return false;
  const root = bundled ? process.cwd() : diskRoot;
  try {
    return statSync(path.join(root, file)).isFile();
  } catch {
    return false;
  }
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

/*
 * While authoring (`npm run dev`), a file with a mistake is left out of its
 * collection and kept here, so only the pages that use it show its report and
 * the rest of the site keeps working. This module is evaluated again when a
 * content file changes (the glob above), so the list is always the current one.
 * The dev server's React Router also reads the page list through tsx, outside
 * Vite, for its config (react-router.config.ts), in the process where
 * server/dev.ts set NODE_ENV: there too a refused file is left out, or every
 * page would fail. Elsewhere (the build, Vitest, scripts) a mistake throws.
 */
const authoring = import.meta.env
  ? import.meta.env.MODE === "development"
  : process.env.NODE_ENV === "development";
const refusedFiles = new Map<string, ContentError>();
if (authoring) setAsideContentErrors((error) => refusedFiles.set(error.report.file, error));

/** What a loader throws for a page whose file was refused: in dev, a 500 response carrying the report. */
function pageError(error: ContentError): unknown {
  return authoring ? data({ contentReport: error.report }, { status: 500 }) : error;
}

/** The report a content-error response carries (pageError), as error boundaries receive it. */
export type ContentErrorData = { contentReport: ContentReport };

/**
 * Throws the report of `file` (e.g. "content/posts/x.md") when it was refused,
 * for a page asked for an entry its collection does not have.
 */
export function throwIfRefused(file: string): void {
  const error = refusedFiles.get(file);
  if (error) throw pageError(error);
}

/** Throws the report of the first refused file in `directory`, for the page that lists them all. */
export function throwIfAnyRefusedIn(directory: string): void {
  const [file] = [...refusedFiles.keys()].filter((key) => path.posix.dirname(key) === directory);
  if (file) throwIfRefused(file);
}

/** The slugs of a folder's refused files: references to them are not a second mistake. */
export function refusedSlugs(directory: string): string[] {
  return [...refusedFiles.keys()]
    .filter((file) => path.posix.dirname(file) === directory)
    .map((file) => path.posix.basename(file).replace(/\.(md|yaml)$/, ""));
}

/**
 * One YAML content file (e.g. "content/figures.yaml"), validated against
 * `schema`, read through the returned function. It is checked at once, so the
 * build stops on a mistake; while authoring a refused file throws its report
 * only when a page asks for it.
 */
export function contentFile<S extends z.ZodType>(file: string, schema: S): () => z.output<S> {
  try {
    const content = loadYamlFile(file, contentFiles(path.posix.dirname(file))[`/${file}`], schema);
    return () => content;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    refuseFile(error);
    return () => {
      throw pageError(error);
    };
  }
}
