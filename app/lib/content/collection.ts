import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from "yaml";
import type { z } from "zod";
import { bodyStyleSlips, houseStyleSlips } from "./house-style";

/**
 * Content collections: the Markdown and YAML files under content/, validated
 * with zod where they enter the code. A file that does not fit its schema stops
 * the build (the prerender evaluates every collection) and the server's start,
 * with the file's path, the line and the offending field.
 */

/** Raw files keyed by their path from the project root, e.g. "content/posts/x.md". */
export type RawFiles = Readonly<Record<string, string>>;

/** One mistake in a file: where it is (when known) and what to change, in an author's words. */
export type ReportedProblem = { line?: number; field?: string; message: string };

/** A file's mistakes, as the dev error page and `npm run check:content` show them. */
export type ContentReport = { file: string; problems: readonly ReportedProblem[] };

/** "line 4, summary: is missing"; the file itself when there is neither line nor field. */
export function describeProblem({ line, field, message }: ReportedProblem): string {
  const where = [line ? `line ${line}` : "", field ?? ""].filter(Boolean).join(", ");
  return where ? `${where}: ${message}` : message;
}

export class ContentError extends Error {
  override name = "ContentError";
  readonly report: ContentReport;
  constructor(file: string, problems: string | readonly ReportedProblem[]) {
    const list = typeof problems === "string" ? [{ message: problems }] : problems;
    const [only] = list;
    super(
      list.length === 1 && only && !only.line && !only.field
        ? `${file}: ${only.message}`
        : `Invalid content in ${file}:\n${list.map((problem) => `  - ${describeProblem(problem)}`).join("\n")}`,
    );
    this.report = { file, problems: list };
  }
}

/**
 * Where a loader sends a file it refuses. By default it throws, so the build,
 * the tests and the production server stop on any mistake. `npm run dev`
 * (content-files.server.ts) and `npm run check:content` set a handler instead:
 * the file is left out of its collection and the handler keeps its report.
 */
let setAside: ((error: ContentError) => void) | undefined;

export function setAsideContentErrors(handler: ((error: ContentError) => void) | undefined) {
  setAside = handler;
}

/** Throws `error`, or hands it to the handler and lets the loader go on without the file. */
export function refuseFile(error: ContentError): void {
  if (!setAside) throw error;
  setAside(error);
}

/** The YAML source of every loaded entry, so a rule across files can name a field's line. */
const entrySources = new WeakMap<object, YamlSource>();

/** An entry of a Markdown collection: the validated frontmatter plus the body. */
export type MarkdownEntry<T> = T & { body: string; sourcePath: string };
export type YamlEntry<T> = T & { sourcePath: string };

/**
 * A rule a collection checks beyond its schema (it needs the body, or another
 * collection): the field it is about, as a path into the YAML like zod's, and
 * what is wrong. `["body"]` is a Markdown file's body.
 */
export type ContentProblem = {
  path: readonly PropertyKey[];
  message: string;
  /** Lines below the field's own, for a problem inside a long value (a heading in a body). */
  linesBelow?: number;
};

/** A file's YAML, parsed with positions so that problems can name their line. */
type YamlSource = { document: Document; lines: LineCounter; bodyLine?: number };

const OPENING_FENCE = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING_FENCE = /^---[ \t]*(?:\r?\n|$)/m;

/** Splits a Markdown file into its YAML frontmatter and its body. */
export function splitFrontmatter(
  path: string,
  raw: string,
): { data: unknown; body: string; source: YamlSource } {
  const opening = OPENING_FENCE.exec(raw);
  if (!opening) {
    throw new ContentError(
      path,
      "the file must start with a YAML frontmatter block: a line of three dashes (---), the fields, then another --- line.",
    );
  }
  const rest = raw.slice(opening[0].length);
  const closing = CLOSING_FENCE.exec(rest);
  if (!closing) {
    throw new ContentError(
      path,
      "the frontmatter block opened by the --- on line 1 is not closed: add a line of three dashes (---) after its last field, before the body.",
    );
  }
  // The opening fence becomes blanks, so YAML's lines and columns are the file's.
  const yaml = opening[0].replace(/[^\r\n]/g, " ") + rest.slice(0, closing.index);
  const { data, source } = readYaml(path, yaml);
  const bodyStart = yaml.length + closing[0].length;
  const body = raw.slice(bodyStart);
  const bodyLine = lineAt(raw, bodyStart + (/^\s*/.exec(body)?.[0].length ?? 0));
  return { data, body: body.trim(), source: { ...source, bodyLine } };
}

/** The 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset && index < text.length; index++) {
    if (text[index] === "\n") line += 1;
  }
  return line;
}

function readYaml(path: string, text: string): { data: unknown; source: YamlSource } {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines });
  if (document.errors.length > 0) {
    throw new ContentError(
      path,
      document.errors.map((error) => ({
        line: error.linePos?.[0].line,
        // The YAML library's own words, without its position and excerpt: the line says where.
        message: `the YAML cannot be read here: ${yamlSentence(error.message)}`,
      })),
    );
  }
  return { data: document.toJS(), source: { document, lines } };
}

/** "Map keys must be unique at line 4, column 1:\n\ntitle: Q\n^" as "map keys must be unique". */
function yamlSentence(message: string): string {
  const sentence = message.replace(/ at line \d+, column \d+:[\s\S]*$/, "").trim();
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

function validate<S extends z.ZodType>(
  path: string,
  schema: S,
  data: unknown,
  source: YamlSource,
): z.output<S> {
  const result = schema.safeParse(withoutEmptyGroups(data));
  // The house style holds for every file's prose (app/lib/content/house-style.ts).
  const slips = houseStyleSlips(data);
  if (result.success && slips.length === 0) return result.data;
  throw contentError(path, source, [
    ...(result.success
      ? []
      : result.error.issues.map((issue) =>
          // An unknown key is reported on its parent; name the key itself.
          issue.code === "unrecognized_keys" && issue.keys.length === 1
            ? { path: [...issue.path, ...issue.keys], message: issue.message }
            : issue,
        )),
    ...slips,
  ]);
}

/**
 * An empty list (`agenda: []`) or group (`headline: {}`) counts as left out:
 * the editing UI (docs/decisions/081) writes them so for a field left empty.
 */
function withoutEmptyGroups(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyGroups);
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  const kept = Object.entries(value).filter(
    ([, field]) =>
      !(Array.isArray(field) && field.length === 0) &&
      !(field !== null && field.constructor === Object && Object.keys(field).length === 0),
  );
  return Object.fromEntries(kept.map(([key, field]) => [key, withoutEmptyGroups(field)]));
}

/** One ContentError for a file's problems, each with its line and field. */
function contentError(
  path: string,
  source: YamlSource,
  problems: readonly ContentProblem[],
): ContentError {
  return new ContentError(
    path,
    problems.map((problem) => ({
      line: addLines(lineOf(source, problem.path), problem.linesBelow),
      field: describeField(source, problem.path),
      message: problem.message,
    })),
  );
}

const addLines = (line: number | undefined, below = 0) => (line ? line + below : line);

/**
 * The field as an author reads it: keys joined by dots, list items counted
 * from 1 ("agenda item 5, time"), and a short text item quoted
 * (`services item 1 ("quantum")`).
 */
function describeField(source: YamlSource, path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(file)";
  let description = "";
  path.forEach((segment, index) => {
    if (typeof segment === "number") {
      description += `${description ? " " : ""}item ${segment + 1}`;
    } else {
      const separator = index === 0 ? "" : typeof path[index - 1] === "number" ? ", " : ".";
      description += separator + String(segment);
    }
  });
  const last = path.at(-1);
  if (typeof last === "number") {
    const node = source.document.getIn(path as unknown[], true);
    if (isScalar(node) && (typeof node.value === "string" || typeof node.value === "number")) {
      const text = String(node.value);
      description += ` (${JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text)})`;
    }
  }
  return description;
}

/**
 * The file's line for a field: where its value starts, or, for a key that is
 * unknown, the key itself; for a missing field, the line of the item it is
 * missing from (none for a missing top-level field).
 */
function lineOf(source: YamlSource, path: readonly PropertyKey[]): number | undefined {
  if (path.length === 1 && path[0] === "body" && source.bodyLine) return source.bodyLine;
  for (let length = path.length; length > 0; length--) {
    const parentPath = path.slice(0, length - 1) as unknown[];
    const parent =
      length === 1 ? source.document.contents : source.document.getIn(parentPath, true);
    const segment = path[length - 1];
    if (isMap(parent)) {
      const pair = parent.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(segment),
      );
      const node = length === path.length ? (pair?.value ?? pair?.key) : pair?.value;
      const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
      if (range) return source.lines.linePos(range[0]).line;
    } else if (isSeq(parent) && typeof segment === "number") {
      const range = (parent.items[segment] as { range?: [number, number, number] } | undefined)
        ?.range;
      if (range) return source.lines.linePos(range[0]).line;
    }
  }
  return undefined;
}

/** Vite's glob keys start with "/" (the project root); report them as repo paths. */
function sourcePathOf(key: string): string {
  return key.replace(/^\/+/, "");
}

function sortedEntries(files: RawFiles): [string, string][] {
  return Object.entries(files).sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Validates every Markdown file of a collection: frontmatter against `schema`,
 * plus the body, plus `check`, the collection's rules beyond its schema; all
 * of a file's problems are reported together, each with its line.
 */
export function loadMarkdownCollection<S extends z.ZodType>(
  files: RawFiles,
  schema: S,
  check?: (entry: MarkdownEntry<z.output<S>>) => readonly ContentProblem[],
): MarkdownEntry<z.output<S>>[] {
  return loadEach(files, (sourcePath, raw) => {
    const { data, body, source } = splitFrontmatter(sourcePath, raw);
    const validated = validate(sourcePath, schema, data, source);
    if (!body) throw new ContentError(sourcePath, "the Markdown body is empty.");
    const entry = Object.assign(validated as object, { body, sourcePath }) as MarkdownEntry<
      z.output<S>
    >;
    const problems = [...bodyStyleSlips(body), ...(check?.(entry) ?? [])];
    if (problems.length > 0) throw contentError(sourcePath, source, problems);
    entrySources.set(entry, source);
    return entry;
  });
}

/** Loads each file in path order; a file refused (refuseFile) is left out. */
function loadEach<T>(files: RawFiles, load: (sourcePath: string, raw: string) => T): T[] {
  return sortedEntries(files).flatMap(([key, raw]) => {
    const sourcePath = sourcePathOf(key);
    try {
      return [load(sourcePath, raw)];
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      refuseFile(error);
      return [];
    }
  });
}

/** Validates every YAML file of a collection against `schema`, plus `check`, as above. */
export function loadYamlCollection<S extends z.ZodType>(
  files: RawFiles,
  schema: S,
  check?: (entry: YamlEntry<z.output<S>>) => readonly ContentProblem[],
): YamlEntry<z.output<S>>[] {
  return loadEach(files, (sourcePath, raw) => {
    const { data, source } = readYaml(sourcePath, raw);
    const validated = validate(sourcePath, schema, data, source);
    const entry = Object.assign(validated as object, { sourcePath }) as YamlEntry<z.output<S>>;
    const problems = check?.(entry) ?? [];
    if (problems.length > 0) throw contentError(sourcePath, source, problems);
    entrySources.set(entry, source);
    return entry;
  });
}

/** Validates a single YAML file (figures, testimonials as one list, ...). */
export function loadYamlFile<S extends z.ZodType>(
  key: string,
  raw: string | undefined,
  schema: S,
): z.output<S> {
  const sourcePath = sourcePathOf(key);
  if (raw === undefined) throw new ContentError(sourcePath, "the file is missing.");
  const { data, source } = readYaml(sourcePath, raw);
  return validate(sourcePath, schema, data, source);
}

/**
 * The entries without those whose key (a slug, an id, a title) an earlier one
 * already has, each refused (refuseFile) naming both files: the second would
 * otherwise silently shadow the first. `field` is the key's field, for its line.
 */
export function keepUniqueBy<T extends { sourcePath: string }>(
  entries: readonly T[],
  key: (entry: T) => string,
  field: string,
): T[] {
  const seen = new Map<string, string>();
  return entries.filter((entry) => {
    const value = key(entry);
    const first = seen.get(value);
    if (first) {
      refuseFile(
        problemIn(entry, [field], `"${value}" is already used by ${first}; give each its own.`),
      );
      return false;
    }
    seen.set(value, entry.sourcePath);
    return true;
  });
}

/** A ContentError for one field of a loaded entry, with the field's line. */
export function problemIn(
  entry: { sourcePath: string },
  path: readonly PropertyKey[],
  message: string,
): ContentError {
  const source = entrySources.get(entry);
  if (!source) return new ContentError(entry.sourcePath, [{ field: path.join("."), message }]);
  return contentError(entry.sourcePath, source, [{ path, message }]);
}

/**
 * A collection as its loaders read it: every file of one folder (from
 * contentFiles in content-files.server.ts, or a test's own), each validated
 * against `schema` and `check`. With `nameField`, that field must equal the
 * file's name (content/posts/<slug>.md is /blog/<slug>), which also makes it
 * unique. Every problem is reported with its line and field.
 */
export function loadCollection<S extends z.ZodType, F extends "markdown" | "yaml" = "yaml">({
  files,
  schema,
  format,
  nameField,
  check,
}: {
  files: RawFiles;
  schema: S;
  format?: F;
  nameField?: keyof z.output<S> & string;
  check?: (entry: MarkdownEntry<z.output<S>> & YamlEntry<z.output<S>>) => readonly ContentProblem[];
}): (F extends "markdown" ? MarkdownEntry<z.output<S>> : YamlEntry<z.output<S>>)[] {
  const problemsOf = (entry: YamlEntry<z.output<S>>): ContentProblem[] => {
    const problems: ContentProblem[] = [];
    if (nameField) {
      const fileName = entry.sourcePath.replace(/^.*\//, "").replace(/\.(md|yaml)$/, "");
      const value = String((entry as Record<string, unknown>)[nameField]);
      if (value !== fileName) {
        problems.push({
          path: [nameField],
          message: `must equal the file name (${fileName}), got ${value}`,
        });
      }
    }
    return [...problems, ...(check?.(entry as MarkdownEntry<z.output<S>>) ?? [])];
  };
  const entries =
    format === "markdown"
      ? loadMarkdownCollection(files, schema, problemsOf)
      : loadYamlCollection(files, schema, problemsOf);
  return entries as (F extends "markdown" ? MarkdownEntry<z.output<S>> : YamlEntry<z.output<S>>)[];
}
