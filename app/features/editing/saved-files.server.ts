import { isDeepStrictEqual } from "node:util";
import type * as Prettier from "prettier";
import {
  isCollection,
  isMap,
  isScalar,
  isSeq,
  parse,
  parseDocument,
  Scalar,
  type Document,
} from "yaml";

/*
 * What the editor saves, written the way the repository writes it
 * (docs/decisions/091). Keystatic serialises a whole file again with js-yaml
 * on every save: its own quoting and folding, block lists for flow ones, no
 * comments. Here only the values that changed are set in the file as it is
 * on disk (the `yaml` library keeps its comments, quoting and flow lists),
 * and the result goes through the repository's own formatter, Prettier, as
 * `npm run format` would. Saving one field then changes that field's lines.
 */

type Prettier = typeof Prettier;
let prettier: Promise<Prettier> | undefined;
// A development dependency: only `npm run dev` saves files (local mode).
const loadPrettier = () => (prettier ??= import("prettier"));

const markdownFence = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** `saved` (what the editor sends for `file`) written over `current` (the file on disk, if any). */
export async function writtenAsTheRepositoryDoes(
  file: string,
  saved: string,
  current: string | undefined,
): Promise<string> {
  if (file.endsWith(".yaml")) return format(mergeYaml(current, saved), "yaml");
  if (!file.endsWith(".md")) return saved;
  const [, savedFront = "", savedBody = ""] = markdownFence.exec(saved) ?? [];
  const [, currentFront, currentBody] = (current && markdownFence.exec(current)) || [];
  const front = (await format(mergeYaml(currentFront, savedFront), "yaml")).trimEnd();
  // Keystatic writes the body through its own Markdown serialiser: an unchanged
  // body keeps the file's own text.
  const body =
    currentBody !== undefined &&
    (await format(currentBody, "markdown")) === (await format(savedBody, "markdown"))
      ? currentBody.replace(/^\n*/, "")
      : await format(savedBody, "markdown");
  return `---\n${front}\n---\n\n${body}`;
}

async function format(text: string, parser: "yaml" | "markdown"): Promise<string> {
  const { format, resolveConfig } = await loadPrettier();
  const options = await resolveConfig(`file.${parser === "yaml" ? "yaml" : "md"}`);
  return format(text, { ...options, plugins: [], parser });
}

/**
 * The current file's YAML with the saved file's values: a changed value is
 * set where it is, a new key goes after the others, a removed one goes. If
 * the result would not read as the saved values, the saved text is used.
 */
export function mergeYaml(current: string | undefined, saved: string): string {
  if (current === undefined) return saved;
  const document = parseDocument(current);
  if (document.errors.length > 0) return saved;
  const wanted: unknown = parse(saved);
  setChanged(document, [], document.contents, wanted);
  const merged = document.toString({ lineWidth: 0, flowCollectionPadding: true });
  return isDeepStrictEqual(parse(merged), wanted) ? merged : saved;
}

function setChanged(document: Document, path: unknown[], node: unknown, wanted: unknown) {
  const present = isCollection(node) || isScalar(node) ? node.toJSON() : node;
  if (isDeepStrictEqual(present, wanted)) return;
  if (isMap(node) && isPlainObject(wanted)) {
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (!(String(key) in wanted)) node.delete(pair.key);
    }
    for (const [key, value] of Object.entries(wanted)) {
      if (node.has(key)) setChanged(document, [...path, key], node.get(key, true), value);
      else node.set(key, document.createNode(value));
    }
    return;
  }
  if (isSeq(node) && Array.isArray(wanted) && node.items.length === wanted.length) {
    wanted.forEach((value, index) =>
      setChanged(document, [...path, index], node.items[index], value),
    );
    return;
  }
  // A scalar keeps its style (quoted, folded) when its new value allows it.
  const replacement = document.createNode(wanted);
  if (isScalar(node) && isScalar(replacement) && typeof wanted === "string") {
    replacement.type = node.type === Scalar.PLAIN ? undefined : node.type;
  }
  if (isCollection(node) && isCollection(replacement)) replacement.flow = node.flow;
  if (path.length === 0) document.contents = replacement;
  else document.setIn(path, replacement);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
