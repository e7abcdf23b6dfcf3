import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  hydrationDataAsModule,
  preloadsPerTask,
  moduleScriptAfterFirstPaint,
  scriptsAfterFirstPaint,
  scriptsAfterFirstPaintStream,
} from "./scripts-after-first-paint.server";
import { webFontClass, webFontFamilies, webFontFamily } from "./web-font";

async function throughStream(chunks: (string | Buffer)[]): Promise<string> {
  const stream = scriptsAfterFirstPaintStream();
  const output: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => output.push(Buffer.from(chunk)));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return Buffer.concat(output).toString("utf8");
}

// What React Router's <Scripts> writes, as React serialises it (7.18, route
// discovery "initial": the manifest is a file the script imports).
const moduleScriptBody = [
  'import "/assets/manifest-M.js";',
  ";",
  'import * as route0 from "/assets/root-A.js";',
  'import * as route1 from "/assets/about-B.js";',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/about":route1};',
  "",
  'import("/assets/entry.client-C.js");',
].join("\n");
const html =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-C.js"/>' +
  '<link rel="modulepreload" href="/assets/root-A.js" nonce="n0nce"/>' +
  '<link rel="preload" as="font" href="/f.woff2"/></head><body><p>é 1 < 2</p>' +
  "<script>window.x = 1 < 2;</script>" +
  `<script nonce="n0nce" type="module" async="">${moduleScriptBody}</script>` +
  '<script type="application/ld+json">{"a":1}</script></body></html>';

describe("scriptsAfterFirstPaint", () => {
  const out = scriptsAfterFirstPaint(html);

  it("takes every module preload out of the document and leaves other links alone", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(out).toContain('<link rel="preload" as="font" href="/f.woff2"/>');
  });

  it("leaves the module script no static import, its nonce, and everything else as it was", () => {
    const script = /<script nonce="n0nce" type="module" async="">([\s\S]*?)<\/script>/.exec(out);
    expect(script).not.toBeNull();
    expect(script?.[1]).not.toMatch(/^import /m);
    expect(out).toContain("<script>window.x = 1 < 2;</script>");
    expect(out).toContain('<script type="application/ld+json">{"a":1}</script>');
    expect(out).toContain("<p>é 1 < 2</p>");
  });

  it("writes a script that waits for a painted frame, then preloads, then imports the manifest and the routes before the entry", () => {
    const script = moduleScriptAfterFirstPaint(moduleScriptBody, ["/x.js", "/y.js"]);
    const order = [
      '{type:"paint",buffered:true}',
      '["/x.js","/y.js"]',
      'const[,route0,route1]=await Promise.all([import("/assets/manifest-M.js"),import("/assets/root-A.js"),import("/assets/about-B.js")]);',
      "window.__reactRouterRouteModules",
      'import("/assets/entry.client-C.js");',
    ].map((part) => script.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The page's own module code runs as written after the wait.
    expect(script).toContain(
      '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};',
    );
  });

  /**
   * Runs the rewritten script with stand-ins for the browser. `paintTiming`
   * says whether the browser reports Paint Timing entries; `events` records
   * the order of the paint, the preloads and the imports.
   */
  async function runScript(
    paintTiming: boolean,
    preloads = ["/assets/root-A.js"],
    {
      recordTurns = false,
      referrer = "",
      navigationType = "navigate",
    }: { recordTurns?: boolean; referrer?: string; navigationType?: string } = {},
  ) {
    const events: string[] = [];
    // A turn the script gives the browser (setTimeout), when asked to record them.
    const giveTurn = (callback: () => void) =>
      setTimeout(() => {
        if (recordTurns) events.push("turn");
        callback();
      });
    const window: Record<string, unknown> = {};
    const origin = "https://www.example.test";
    const location = { origin };
    const performance = {
      getEntriesByType: (type: string) => (type === "navigation" ? [{ type: navigationType }] : []),
    };
    const document = {
      visibilityState: "visible",
      referrer,
      documentElement: {
        classList: { add: (name: string) => events.push(`class ${name}`) },
      },
      fonts: {
        load: (font: string) => {
          events.push(`font ${font}`);
          return Promise.resolve([]);
        },
      },
      head: {
        append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`),
      },
      createElement: () => ({}),
    };
    const requestAnimationFrame = (callback: () => void) =>
      setTimeout(() => {
        events.push("frame");
        callback();
      });
    class PerformanceObserver {
      static supportedEntryTypes = paintTiming ? ["paint"] : ["mark"];
      constructor(private readonly report: (list: unknown, observer: unknown) => void) {}
      observe(options: { type: string }) {
        setTimeout(() => {
          events.push(`${options.type} entry`);
          this.report([], this);
        }, 5);
      }
      disconnect() {}
    }
    const load = (specifier: string) => {
      const early = specifier.includes("entry.client") && !window.__reactRouterRouteModules;
      events.push(early ? "the entry, before the routes were in place" : specifier);
      return Promise.resolve({ specifier });
    };
    const script = moduleScriptAfterFirstPaint(moduleScriptBody, preloads).replace(
      /\bimport\(/g,
      "load(",
    );
    const run = new Function(
      "window",
      "document",
      "location",
      "performance",
      "requestAnimationFrame",
      "PerformanceObserver",
      "load",
      "setTimeout",
      `return (async () => {${script}})();`,
    ) as (...args: unknown[]) => Promise<void>;
    await run(
      window,
      document,
      location,
      performance,
      requestAnimationFrame,
      PerformanceObserver,
      load,
      giveTurn,
    );
    await new Promise((resolve) => setTimeout(resolve));
    return { events, window };
  }

  const webFont = `class ${webFontClass}`;
  // On a first visit the font is fetched for the next page, and the script
  // goes on to the modules; the class is never set (docs/decisions/074).
  const webFontLoads = webFontFamilies.map((family) => `font 1em "${family}"`);
  const modulesInOrder = [
    "modulepreload /assets/root-A.js",
    "/assets/manifest-M.js",
    "/assets/root-A.js",
    "/assets/about-B.js",
    "/assets/entry.client-C.js",
  ];

  it("the rewritten script runs after the paint entry: the routes are in place before the entry is imported", async () => {
    const { events, window } = await runScript(true);
    expect(events).toEqual(["paint entry", ...webFontLoads, ...modulesInOrder]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { specifier: "/assets/root-A.js" },
      "routes/about": { specifier: "/assets/about-B.js" },
    });
  });

  it("on a first visit the web font is fetched after the paint and not used; from another page of the site, or loaded again, it is used before the paint", async () => {
    const sameSite = await runScript(true, undefined, {
      referrer: "https://www.example.test/about",
    });
    expect(sameSite.events.slice(0, 4)).toEqual([webFont, "paint entry", ...webFontLoads]);
    for (const navigationType of ["reload", "back_forward"]) {
      const { events } = await runScript(true, undefined, { navigationType });
      expect(events.slice(0, 2)).toEqual([webFont, "paint entry"]);
    }
    // A link from another site, even one whose address begins with this one's.
    const elsewhere = await runScript(true, undefined, {
      referrer: "https://www.example.test.other.example/",
    });
    expect(elsewhere.events.slice(0, 3)).toEqual(["paint entry", ...webFontLoads]);
  });

  it("names the class and the family of app/app.css's web font", () => {
    const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
    expect(css).toMatch(new RegExp(`@font-face \\{\\s*font-family: "${webFontFamily}";`));
    expect(css).toMatch(
      new RegExp(`:root\\.${webFontClass} \\{\\s*--font-sans: "${webFontFamily}"`),
    );
  });

  it("adds the module preloads a few per task, in their order, before any import", async () => {
    const count = 2 * preloadsPerTask + 1;
    const preloads = Array.from({ length: count }, (_, i) => `/assets/m${i}.js`);
    const { events } = await runScript(true, preloads, { recordTurns: true });
    // The preloads added in each task, from the paint to the first import.
    const preloadEvent = "modulepreload ";
    const batches: string[][] = [];
    for (const event of events.slice(0, events.indexOf("/assets/manifest-M.js"))) {
      if (event === "turn") batches.push([]);
      else if (event.startsWith(preloadEvent))
        batches.at(-1)?.push(event.slice(preloadEvent.length));
    }
    expect(batches.filter((batch) => batch.length > 0)).toEqual([
      preloads.slice(0, preloadsPerTask),
      preloads.slice(preloadsPerTask, 2 * preloadsPerTask),
      preloads.slice(2 * preloadsPerTask),
    ]);
  });

  it("without Paint Timing, the script waits for a frame instead", async () => {
    const { events } = await runScript(false);
    expect(events).toEqual(["frame", ...webFontLoads, ...modulesInOrder]);
  });
});

describe("scriptsAfterFirstPaintStream", () => {
  it("gives the same document as the whole-document rewrite, wherever the chunks are cut", async () => {
    const expected = scriptsAfterFirstPaint(html);
    // The preload list comes from the links, so the stream's script names them.
    expect(expected).toContain('["/assets/entry.client-C.js","/assets/root-A.js"]');
    for (let cut = 1; cut < html.length; cut++) {
      expect(await throughStream([html.slice(0, cut), html.slice(cut)])).toBe(expected);
    }
  });

  it("keeps a character whose bytes arrive in two chunks", async () => {
    const bytes = Buffer.from(html);
    const cut = bytes.indexOf(Buffer.from("é")) + 1;
    expect(await throughStream([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(
      scriptsAfterFirstPaint(html),
    );
  });
});

describe("hydrationDataAsModule", () => {
  // A prerendered page as the build leaves it: no nonce, the data after the module script.
  const data =
    '<script>window.__reactRouterContext = {"ssr":true};window.__reactRouterContext.stream = new ReadableStream();</script>' +
    '<script>window.__reactRouterContext.streamController.enqueue("[{\\"a\\":1}]\\n");</script>' +
    "<!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$-->";
  const prerendered = scriptsAfterFirstPaint(html.replaceAll(' nonce="n0nce"', "")).replace(
    "</body>",
    `${data}</body>`,
  );

  it("moves the router's context, the data and its end into the module, which the page preloads first and imports before the entry", () => {
    const modules: string[] = [];
    const moved = hydrationDataAsModule(prerendered, (text) => {
      modules.push(text);
      return "/assets/page-data-X.js";
    });
    expect(modules).toEqual([
      'window.__reactRouterContext = {"ssr":true};window.__reactRouterContext.stream = new ReadableStream();\n' +
        'window.__reactRouterContext.streamController.enqueue("[{\\"a\\":1}]\\n");\n' +
        "window.__reactRouterContext.streamController.close();\n",
    ]);
    expect(moved).toBeDefined();
    expect(moved).not.toContain("__reactRouterContext");
    // React hydrates the context's element: it stays, empty.
    expect(moved).toContain("<script></script>");
    expect(moved).toContain('{const l=["/assets/page-data-X.js","/assets/entry.client-C.js"');
    expect(moved).toContain(
      '\nawait import("/assets/page-data-X.js");import("/assets/entry.client-C.js");</script>',
    );
    // Everything else is as it was.
    expect(moved).toContain("<script>window.x = 1 < 2;</script>");
    expect(moved).toContain("<p>é 1 < 2</p>");
  });

  it("moves a server-rendered page's scripts too, which carry the response's nonce", () => {
    const rendered = scriptsAfterFirstPaint(html).replace(
      "</body>",
      `${data.replaceAll("<script>", '<script nonce="n0nce">')}</body>`,
    );
    const modules: string[] = [];
    const moved = hydrationDataAsModule(rendered, (text) => {
      modules.push(text);
      return "/assets/page-data-X.js";
    });
    expect(modules[0]).toMatch(/^window\.__reactRouterContext = /);
    expect(moved).not.toContain("__reactRouterContext");
    expect(moved).toContain('<script nonce="n0nce"></script>');
    expect(moved).toContain('<script nonce="n0nce" type="module" async="">');
  });

  it("leaves a page without data, or with a module script it does not know, as it is", () => {
    const store = () => "/assets/page-data-X.js";
    expect(hydrationDataAsModule(scriptsAfterFirstPaint(html), store)).toBeUndefined();
    const noEntry = prerendered.replace('import("/assets/entry.client-C.js");', "");
    expect(hydrationDataAsModule(noEntry, store)).toBeUndefined();
  });
});
