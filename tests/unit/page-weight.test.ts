import { describe, expect, it } from "vitest";
import { isFrameworkChunk, pageReferences, staticImportsOf } from "../page-weight";

describe("pageReferences", () => {
  const html = `<!DOCTYPE html><html><head>
<link rel="preload" href="/assets/inter-latin-wght-normal-X.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>
<link rel="stylesheet" href="/assets/root-A.css"/>
<link rel="modulepreload" href="/assets/entry.client-B.js"/>
<link rel="modulepreload" href="https://cdn.example/elsewhere.js"/>
</head><body>
<script type="application/ld+json">{"url":"/assets/not-a-script.js"}</script>
<script type="module" async="">;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/about-D.js";
  window.__reactRouterManifest = {
  "entry": { "module": "/assets/entry.client-B.js", "imports": [ "/assets/jsx-runtime-E.js" ] },
  "routes": { "routes/blog": { "module": "/assets/blog-F.js", "imports": [ "/assets/card-G.js" ] } }
};
import("/assets/entry.client-B.js");
</script></body></html>`;

  it("finds the scripts a first visit loads, not the manifest's other routes", () => {
    const references = pageReferences(html);
    expect(references.scripts.sort()).toEqual([
      "/assets/about-D.js",
      "/assets/entry.client-B.js",
      "/assets/root-C.js",
    ]);
    expect(references.stylesheets).toEqual(["/assets/root-A.css"]);
    expect(references.fonts).toEqual(["/assets/inter-latin-wght-normal-X.woff2"]);
  });
});

describe("staticImportsOf", () => {
  it("follows static imports and re-exports, not dynamic imports", () => {
    const chunk = `import{t as e}from"./jsx-runtime-E.js";import"./side-effect-H.js";export*from"../assets/x-I.js";const l=()=>import("./lazy-J.js");`;
    expect(staticImportsOf(chunk, "/assets/about-D.js")).toEqual([
      "/assets/jsx-runtime-E.js",
      "/assets/side-effect-H.js",
      "/assets/x-I.js",
    ]);
  });
});

describe("isFrameworkChunk", () => {
  it("names React's and React Router's chunks only", () => {
    expect(isFrameworkChunk("/assets/entry.client-B.js")).toBe(true);
    expect(isFrameworkChunk("/assets/jsx-runtime-E.js")).toBe(true);
    expect(isFrameworkChunk("/assets/card-G.js")).toBe(false);
  });
});
