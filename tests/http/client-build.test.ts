import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The client build as the browser gets it (vite.config.ts,
 * docs/decisions/080): React's, React DOM's and the scheduler's CommonJS
 * factories are parenthesized function expressions, which V8 compiles off
 * the main thread, not arrow functions it parses again when they first run.
 */
const assets = path.resolve("build/client/assets");
const chunks = readdirSync(assets)
  .filter((name) => name.endsWith(".js"))
  .map((name) => ({ name, code: readFileSync(path.join(assets, name), "utf8") }));

// A factory as the minifier writes it: `x((function(e){` eager, `x((e=>{` or `x(((e,t)=>{` lazy.
const eagerFactory = /\b\w{1,3}\(\(function\(\w{1,3}(?:,\w{1,3})?\)\{/g;
const lazyFactory = /\b\w{1,3}\(\((?:\w{1,3}|\(\w{1,3},\w{1,3}\))=>\{/g;

describe("the client build's CommonJS factories", () => {
  test("React DOM's chunk compiles its factories eagerly", () => {
    // React DOM's client build names its renderer for the developer tools.
    const reactDom = chunks.find(({ code }) => code.includes("rendererPackageName:`react-dom`"));
    expect(reactDom, "a chunk holds React DOM's client").toBeDefined();
    // scheduler, its module, React DOM's client and its module.
    expect(reactDom!.code.match(eagerFactory)?.length ?? 0).toBeGreaterThanOrEqual(4);
    expect(reactDom!.code.match(lazyFactory) ?? []).toEqual([]);
  });

  test("no public page's chunk keeps a factory that V8 would parse twice", () => {
    // The browser editor's chunk (/keystatic, docs/decisions/081) is left out:
    // it is 2.8 MB that only an editor loads, where hydration time is not at
    // stake, and its own minified code has calls of the same shape.
    const factoryChunks = chunks.filter(
      ({ name, code }) =>
        !name.startsWith("keystatic-ui-") && (code.match(eagerFactory) ?? []).length > 0,
    );
    expect(factoryChunks.length).toBeGreaterThanOrEqual(2);
    for (const { name, code } of factoryChunks) {
      expect(code.match(lazyFactory) ?? [], name).toEqual([]);
    }
  });
});
