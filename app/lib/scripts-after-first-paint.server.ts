import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { webFontClass, webFontFamilies } from "./web-font";

/**
 * First paint owes nothing to JavaScript (docs/decisions/062). React Router's
 * `<Scripts>` writes a `<link rel="modulepreload">` for every module of the
 * page, which React hoists into `<head>`, and one inline module script that
 * imports the route modules and then the entry. Left alone, the browser
 * fetches all of them while the stylesheet loads and, on a fast machine, runs
 * them before it paints; Lighthouse then counts every module as part of the
 * largest paint (its simulation keeps each request that ended before the
 * observed paint).
 *
 * This rewrite, on every page React renders (server-rendered and prerendered
 * alike), moves all of it behind the first paint:
 * - each `<link rel="modulepreload">` leaves `<head>`; its address is kept;
 * - the module script waits for the first frame to be painted (the Paint
 *   Timing entry, then a task), then fetches the web font for the next page
 *   (webFontClass; used at once if it is cached), then adds the module preloads to `<head>`, a
 *   few in each task (preloadsPerTask), so the whole module graph is fetched
 *   in parallel as before, imports the route manifest and the route modules
 *   (its static imports become dynamic ones, which would otherwise be fetched
 *   before the script runs), lets the browser take a turn, and starts the
 *   entry as React Router wrote it: run apart, React and the router, then
 *   React DOM and hydration, are two tasks of about 10 ms on a quick machine
 *   rather than one of 20.
 * A page in a background tab, which paints nothing, does not wait.
 *
 * The inline script keeps its nonce; a prerendered page's CSP hash is taken
 * from the rewritten file (server/http/static-files.ts).
 */

const preloadLink = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const moduleScript = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const routeImport = /^import \* as (\w+) from ("[^"\\]+");\n?/gm;
/** A module imported for its effect alone: React Router's route manifest file. */
const sideEffectImport = /^import ("[^"\\]+");\n?/gm;

/**
 * Waits until the first frame has been painted: the Paint Timing entry, which
 * the browser reports once the frame is presented, then a task. Without Paint
 * Timing, a frame (requestAnimationFrame) and a task. A page in a background
 * tab, which paints nothing, does not wait.
 */
const waitForFirstPaint =
  'await(document.visibilityState=="hidden"||new Promise(p=>PerformanceObserver.supportedEntryTypes?.includes("paint")?new PerformanceObserver((_,o)=>{o.disconnect();setTimeout(p)}).observe({type:"paint",buffered:true}):requestAnimationFrame(()=>setTimeout(p))));';

const useWebFont = `document.documentElement.classList.add("${webFontClass}")`;

/**
 * On a first visit the web font is fetched only after the first paint, so
 * that it never shares the slow first round trips with the stylesheet, and it
 * does not draw this page: `document.fonts.load` fetches a face no text uses
 * yet, into the cache. Swapping it in here restyled and laid out the whole
 * page again, the largest long task on a slowed phone, and moved a line
 * break on some pages (docs/decisions/074). The next page draws in it: from
 * its first paint when it is loaded, or, inside the site, from the click
 * (drawInWebFontFromNow in app/lib/web-font.ts, called by app/root.tsx).
 */
const webFontAfterFirstPaint = webFontFamilies
  .map((family) => `document.fonts.load('1em "${family}"');`)
  .join("");

/**
 * A page reached from another page of the site, or loaded again (reload,
 * back or forward), has the font in the browser's cache already: the class is
 * set at once, and the first paint is drawn in it.
 */
const webFontAtOnceWhenCached = `if(document.referrer.startsWith(location.origin+"/")||performance.getEntriesByType("navigation")[0]?.type!="navigate")${useWebFont};`;

/**
 * How many module preloads are added in one task. Each one starts a fetch from
 * script, which costs Chromium a millisecond or two, more under a trace as
 * Lighthouse runs it: home's fifteen in one go made a task of 100 to 114 ms
 * with the CPU slowed four times (Lighthouse's phone), blocking time in full.
 * Four at a time, with a turn for the browser between them, made tasks of 10
 * to 36 ms in the same traces (docs/benchmarks.md).
 */
export const preloadsPerTask = 4;

/** How the module preloads the rewritten script adds begin: their list of addresses. */
const preloadList = "{const l=[";

/**
 * The module script's text, rewritten to start after first paint (see above).
 * What it adds is written short, as a minifier would: it is in every page,
 * and every byte of a page counts until it fits the first TCP window
 * (docs/decisions/067).
 */
export function moduleScriptAfterFirstPaint(script: string, preloads: readonly string[]): string {
  const routes: { name: string; specifier: string }[] = [];
  const sideEffects: string[] = [];
  let firstImportAt = -1;
  const rest = script
    .replace(sideEffectImport, (_line, specifier: string) => {
      sideEffects.push(specifier);
      return "";
    })
    .replace(routeImport, (_line, name: string, specifier: string, at: number) => {
      if (firstImportAt < 0) firstImportAt = at;
      routes.push({ name, specifier });
      return "";
    });
  if (firstImportAt < 0) firstImportAt = 0;
  // `npm run dev` only: every route module checks that React Refresh's preamble
  // ran, so it is imported before them, not beside them (a race lost on a busy machine).
  const preamble = sideEffects.filter((specifier) => specifier.includes("inject-hmr-runtime"));
  const modules = [
    ...sideEffects.filter((specifier) => !preamble.includes(specifier)),
    ...routes.map((route) => route.specifier),
  ];
  const start = [
    webFontAtOnceWhenCached,
    waitForFirstPaint,
    webFontAfterFirstPaint,
    preloads.length > 0
      ? `${preloadList}${JSON.stringify(preloads).slice(1)};for(let i=0;i<l.length;i+=${preloadsPerTask}){if(i)await new Promise(n=>setTimeout(n));for(const href of l.slice(i,i+${preloadsPerTask}))document.head.append(Object.assign(document.createElement("link"),{rel:"modulepreload",href}))}}`
      : "",
    preamble.map((specifier) => `await import(${specifier});`).join(""),
    modules.length > 0
      ? `const[${[...sideEffects.filter((specifier) => !preamble.includes(specifier)).map(() => ""), ...routes.map((route) => route.name)].join(",")}]=await Promise.all([${modules
          .map((specifier) => `import(${specifier})`)
          .join(",")}]);\nawait new Promise(n=>setTimeout(n));`
      : "",
  ]
    .filter(Boolean)
    .join("\n");
  return `${rest.slice(0, firstImportAt)}${start}\n${rest.slice(firstImportAt)}`;
}

/**
 * React Router's hydration data in a page: the data, in one or more scripts,
 * then its end. A prerendered page's scripts have no attribute; a
 * server-rendered page's carry the response's nonce.
 */
const routerDataScript =
  /<script(?: nonce="[^"]*")?>(window\.__reactRouterContext\.streamController\.enqueue\([\s\S]*?\);)<\/script>/g;
const routerDataEnd =
  /<script(?: nonce="[^"]*")?>(window\.__reactRouterContext\.streamController\.close\(\);)<\/script>/;
/**
 * Before them, in the page's body: the router's context, which opens the
 * stream the data fills. Unlike the data, React renders this element, and
 * hydrates it (with its text left out of the comparison): the element stays,
 * emptied.
 */
const routerContextScript =
  /(<script(?: nonce="[^"]*")?>)(window\.__reactRouterContext = [\s\S]*?)(<\/script>)/;
/** The last line of the module script: React Router's import of the client entry. */
const entryImport = /\nimport\(("[^"\\]+")\);$/;

/**
 * The file name of a hydration data module (`hydrationDataAsModule`), from
 * its text: the build writes prerendered pages' under it in assets/.
 */
export function pageDataModuleName(moduleText: string): string {
  const hash = createHash("sha256").update(moduleText).digest("base64url").slice(0, 12);
  return `page-data-${hash}.js`;
}

/**
 * A page with its hydration data moved out of the HTML into a module of its
 * own (docs/decisions/067; server-rendered pages, 068). React Router writes a page's loader
 * data into it again for hydration, at the end of the page, where gzip can
 * no longer refer back to the same copy in the HTML: 3 to 5 KB of gzip on an
 * article or a service page, enough to push the page past the first ten TCP
 * segments a phone receives. The module is fetched after first paint with
 * the page's other modules (it heads the preload list) and run before the
 * client entry, which reads the data from the stream it fills. The router's
 * context script, which opens that stream, goes with it (its first lines):
 * nothing reads the context before the entry. Its element stays, empty, for
 * React to hydrate; an empty script runs nothing and needs no hash or nonce.
 *
 * `moduleHref` stores the module's text and returns its address. Undefined
 * when the page has no data scripts or is not as this expects (a page React
 * rendered differently): such a page is left as it is.
 */
export function hydrationDataAsModule(
  html: string,
  moduleHref: (moduleText: string) => string,
): string | undefined {
  const context = routerContextScript.exec(html);
  const data = [...html.matchAll(routerDataScript)];
  const end = routerDataEnd.exec(html);
  const module = new RegExp(moduleScript.source).exec(html);
  if (!context || data.length === 0 || !end || !module) return undefined;
  const [script, open = "", body = "", close = ""] = module;
  if (!entryImport.test(body) || !body.includes(preloadList)) return undefined;
  const href = JSON.stringify(
    moduleHref([context[2], ...data.map((match) => match[1]), end[1]].join("\n") + "\n"),
  );
  const boot = body
    .replace(preloadList, `${preloadList}${href},`)
    .replace(entryImport, (_line, entry: string) => `\nawait import(${href});import(${entry});`);
  return html
    .replace(script, () => `${open}${boot}${close}`)
    .replace(routerContextScript, (_script, open: string, _text, close: string) => open + close)
    .replace(routerDataScript, "")
    .replace(routerDataEnd, "");
}

/** The whole rewrite on a complete document or a part of one (see scriptsAfterFirstPaintStream). */
function rewrite(text: string, preloads: string[]): string {
  return text
    .replace(preloadLink, (_link, href: string) => {
      preloads.push(href);
      return "";
    })
    .replace(
      moduleScript,
      (_script, open: string, body: string, close: string) =>
        `${open}${moduleScriptAfterFirstPaint(body, preloads)}${close}`,
    );
}

/** A complete HTML document with its scripts moved behind first paint. */
export function scriptsAfterFirstPaint(html: string): string {
  return rewrite(html, []);
}

/**
 * How much of the end of `text` may still become a tag this rewrite changes:
 * an unfinished tag (a `<` with no `>` after it), or a module script whose
 * closing tag has not arrived yet. That part waits for the next chunk.
 */
function unfinishedLength(text: string): number {
  const lastOpen = text.lastIndexOf("<");
  let from = lastOpen >= 0 && !text.includes(">", lastOpen) ? lastOpen : text.length;
  const scriptOpen = /<script\b[^>]*\btype="module"[^>]*>/g;
  for (const match of text.matchAll(scriptOpen)) {
    if (!text.includes("</script>", match.index + match[0].length)) {
      from = Math.min(from, match.index);
      break;
    }
  }
  return text.length - from;
}

/** The rewrite as a stream: React's HTML passes through it as it is rendered. */
export function scriptsAfterFirstPaintStream(): Transform {
  const preloads: string[] = [];
  let pending = "";
  // Bytes of one character may arrive in two chunks: the decoder holds them.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const hold = unfinishedLength(text);
      pending = text.slice(text.length - hold);
      callback(null, rewrite(text.slice(0, text.length - hold), preloads));
    },
    flush(callback) {
      callback(null, rewrite(pending + decoder.end(), preloads));
    },
  });
}
