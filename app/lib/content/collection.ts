import { parse as parseYaml } from "yaml";
import type { z } from "zod";

/**
 * Content collections: the Markdown and YAML files under content/, validated
 * with zod where they enter the code. A file that does not fit its schema stops
 * the build (the prerender evaluates every collection) and the server's start,
 * with the file's path and the offending field.
 */

/** Raw files keyed by their path from the project root, e.g. "content/posts/x.md". */
export type RawFiles = Readonly<Record<string, string>>;

export class ContentError extends Error {
  override name = "ContentError";
}

/** An entry of a Markdown collection: the validated frontmatter plus the body. */
export type MarkdownEntry<T> = T & { body: string; sourcePath: string };
export type YamlEntry<T> = T & { sourcePath: string };

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Splits a Markdown file into its YAML frontmatter and its body. */
export function splitFrontmatter(path: string, raw: string): { data: unknown; body: string } {
  const match = FRONTMATTER.exec(raw);
  if (!match) {
    throw new ContentError(`${path}: the file must start with a YAML frontmatter block (---).`);
  }
  return { data: readYaml(path, match[1] ?? ""), body: (match[2] ?? "").trim() };
}

function readYaml(path: string, text: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    throw new ContentError(`${path}: invalid YAML: ${(error as Error).message}`);
  }
}

function validate<S extends z.ZodType>(path: string, schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `  - ${issue.path.length ? issue.path.join(".") : "(file)"}: ${issue.message}`)
    .join("\n");
  throw new ContentError(`Invalid content in ${path}:\n${problems}`);
}

/** Vite's glob keys start with "/" (the project root); report them as repo paths. */
function sourcePathOf(key: string): string {
  return key.replace(/^\/+/, "");
}

function sortedEntries(files: RawFiles): [string, string][] {
  return Object.entries(files).sort(([a], [b]) => a.localeCompare(b));
}

/** Validates every Markdown file of a collection: frontmatter against `schema`, plus the body. */
export function loadMarkdownCollection<S extends z.ZodType>(
  files: RawFiles,
  schema: S,
): MarkdownEntry<z.output<S>>[] {
  return sortedEntries(files).map(([key, raw]) => {
    const sourcePath = sourcePathOf(key);
    const { data, body } = splitFrontmatter(sourcePath, raw);
    const entry = validate(sourcePath, schema, data);
    if (!body) throw new ContentError(`${sourcePath}: the Markdown body is empty.`);
    return Object.assign(entry as object, { body, sourcePath }) as MarkdownEntry<z.output<S>>;
  });
}

/** Validates every YAML file of a collection against `schema`. */
export function loadYamlCollection<S extends z.ZodType>(
  files: RawFiles,
  schema: S,
): YamlEntry<z.output<S>>[] {
  return sortedEntries(files).map(([key, raw]) => {
    const sourcePath = sourcePathOf(key);
    const entry = validate(sourcePath, schema, readYaml(sourcePath, raw));
    return Object.assign(entry as object, { sourcePath }) as YamlEntry<z.output<S>>;
  });
}

/** Validates a single YAML file (figures, testimonials as one list, ...). */
export function loadYamlFile<S extends z.ZodType>(
  key: string,
  raw: string | undefined,
  schema: S,
): z.output<S> {
  const sourcePath = sourcePathOf(key);
  if (raw === undefined) throw new ContentError(`${sourcePath}: the file is missing.`);
  return validate(sourcePath, schema, readYaml(sourcePath, raw));
}

/**
 * Fails when two entries share a key (a slug or an id), naming both files:
 * the second would otherwise silently shadow the first.
 */
export function assertUniqueBy<T extends { sourcePath: string }>(
  entries: readonly T[],
  key: (entry: T) => string,
  what: string,
): void {
  const seen = new Map<string, string>();
  for (const entry of entries) {
    const value = key(entry);
    const first = seen.get(value);
    if (first) {
      throw new ContentError(
        `${entry.sourcePath}: ${what} "${value}" is already used by ${first}.`,
      );
    }
    seen.set(value, entry.sourcePath);
  }
}

/**
 * A collection as its loaders read it: every file of one folder (from
 * contentFiles in content-files.server.ts, or a test's own), each validated
 * against `schema`. With `nameField`, that field must equal the file's name
 * (content/posts/<slug>.md is /blog/<slug>), which also makes it unique.
 */
export function loadCollection<S extends z.ZodType, F extends "markdown" | "yaml" = "yaml">({
  files,
  schema,
  format,
  nameField,
}: {
  files: RawFiles;
  schema: S;
  format?: F;
  nameField?: keyof z.output<S> & string;
}): (F extends "markdown" ? MarkdownEntry<z.output<S>> : YamlEntry<z.output<S>>)[] {
  const entries: (YamlEntry<z.output<S>> | MarkdownEntry<z.output<S>>)[] =
    format === "markdown"
      ? loadMarkdownCollection(files, schema)
      : loadYamlCollection(files, schema);
  if (nameField) {
    for (const entry of entries) {
      const fileName = entry.sourcePath.replace(/^.*\//, "").replace(/\.(md|yaml)$/, "");
      const value = String((entry as Record<string, unknown>)[nameField]);
      if (value !== fileName) {
        throw new ContentError(
          `Invalid content in ${entry.sourcePath}:\n  - ${nameField}: must equal the file name (${fileName}), got ${value}`,
        );
      }
    }
  }
  return entries as (F extends "markdown" ? MarkdownEntry<z.output<S>> : YamlEntry<z.output<S>>)[];
}
