import { gzipSync } from "node:zlib";
import { frameworkChunkPrefixes } from "~/config/budgets";

/*
 * What a first visit to one page downloads, measured the way the byte budgets
 * (app/config/budgets.ts) count it. Shared by tests/e2e/budgets.spec.ts and
 * scripts/bench-bytes.ts.
 */

/** Size after gzip at level 9 (the most a server could get; compression's default, 6, is within 1 %). */
export function gzipSize(body: Uint8Array): number {
  return gzipSync(body, { level: 9 }).length;
}

/** One downloaded file: its path on the site, its size, and its size after gzip. */
export type Download = { url: string; bytes: number; gzip: number };

export type PageWeight = {
  path: string;
  status: number;
  html: Download;
  /** Every script a first visit runs: the HTML's and the static imports they pull in. */
  scripts: Download[];
  stylesheets: Download[];
  /** Fonts the HTML preloads. */
  preloadedFonts: string[];
  /** Fonts the stylesheets point at in @font-face rules. */
  stylesheetFonts: string[];
};

/** Fetches a URL on the site under test: the body as bytes, decompressed. */
export type Fetcher = (url: string) => Promise<{ status: number; body: Buffer }>;

export const fetchWithNode =
  (baseUrl: string): Fetcher =>
  async (url) => {
    const response = await fetch(new URL(url, baseUrl));
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  };

export function isFrameworkChunk(url: string): boolean {
  const name = url.split("/").pop() ?? "";
  return frameworkChunkPrefixes.some((prefix) => name.startsWith(prefix));
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);

/** Same-origin asset paths only: the budgets are about the site's own files. */
const ownAsset = (url: string | undefined) =>
  url !== undefined && url.startsWith("/") && !url.startsWith("//")
    ? url.split(/[?#]/)[0]
    : undefined;

/** `import x from "/a.js"`, `import "/a.js"`, `export * from "./a.js"` and `import("/a.js")`. */
const staticImport = /(?:\bimport|\bexport)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.js)["']/g;
const dynamicImport = /\bimport\(\s*["']([^"']+\.js)["']\s*\)/g;

/**
 * The same-origin scripts, stylesheets and preloaded fonts an HTML page refers
 * to: module scripts, modulepreload links, and the imports in inline module
 * scripts (React Router's bootstrap imports the route modules and, with
 * `import()`, the client entry). The route manifest's JSON lists modules of
 * other routes too; those load on navigation only, so they are not counted.
 */
export function pageReferences(html: string) {
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  const fonts = new Set<string>();
  const add = (set: Set<string>, url: string | undefined) => {
    const own = ownAsset(url);
    if (own) set.add(own);
  };

  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, "href");
    if (rel.includes("modulepreload")) add(scripts, href);
    if (rel.includes("stylesheet")) add(stylesheets, href);
    if (rel.includes("preload") && attribute(tag, "as") === "font") add(fonts, href);
  }
  for (const [, attributes = "", body = ""] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    const tag = `<script ${attributes}>`;
    add(scripts, attribute(tag, "src"));
    if (attribute(tag, "type") !== "module") continue;
    // The manifest is a JSON object in the same script: drop string literals
    // that are not an import's specifier by matching imports only.
    for (const [, url] of body.matchAll(staticImport)) add(scripts, url);
    for (const [, url] of body.matchAll(dynamicImport)) add(scripts, url);
  }
  return { scripts: [...scripts], stylesheets: [...stylesheets], fonts: [...fonts] };
}

/** The chunks a script imports statically (what the browser fetches before running it). */
export function staticImportsOf(script: string, scriptUrl: string): string[] {
  const imports: string[] = [];
  for (const [, specifier = ""] of script.matchAll(staticImport)) {
    if (!specifier.startsWith(".") && !specifier.startsWith("/")) continue;
    imports.push(new URL(specifier, `http://site${scriptUrl}`).pathname);
  }
  return imports;
}

function fontUrlsOf(css: string): string[] {
  const urls: string[] = [];
  for (const [rule] of css.matchAll(/@font-face\s*{[^}]*}/g)) {
    for (const [, url = ""] of rule.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) urls.push(url);
  }
  return urls;
}

/** Fetches a page, everything it loads on a first visit, and measures each file. */
export async function measurePage(fetcher: Fetcher, path: string): Promise<PageWeight> {
  const page = await fetcher(path);
  const html = page.body.toString("utf8");
  const references = pageReferences(html);

  const download = async (url: string): Promise<Download & { body: Buffer }> => {
    const { status, body } = await fetcher(url);
    if (status !== 200) throw new Error(`${path} refers to ${url}, which answers ${status}`);
    return { url, bytes: body.length, gzip: gzipSize(body), body };
  };

  const scripts = new Map<string, Download>();
  const queue = [...references.scripts];
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (scripts.has(url)) continue;
    const { body, ...file } = await download(url);
    scripts.set(url, file);
    queue.push(...staticImportsOf(body.toString("utf8"), url));
  }

  const stylesheets: Download[] = [];
  const stylesheetFonts: string[] = [];
  for (const url of references.stylesheets) {
    const { body, ...file } = await download(url);
    stylesheets.push(file);
    stylesheetFonts.push(...fontUrlsOf(body.toString("utf8")));
  }

  return {
    path,
    status: page.status,
    html: { url: path, bytes: page.body.length, gzip: gzipSize(page.body) },
    scripts: [...scripts.values()],
    stylesheets,
    preloadedFonts: references.fonts,
    stylesheetFonts,
  };
}

export const totalGzip = (files: Download[]) => files.reduce((sum, file) => sum + file.gzip, 0);

/** Bytes as KB (1024 bytes) with one decimal, for messages and tables. */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
