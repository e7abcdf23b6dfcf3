import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, sha256Source } from "./security-headers";

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes classic and module inline scripts, and skips external scripts and data blocks", () => {
    const html = [
      `<script>window.a = 1;</script>`,
      `<script type="module" async="">import "/assets/x.js";</script>`,
      `<script src="/assets/y.js"></script>`,
      `<script type="application/ld+json">{"@type":"Organization"}</script>`,
      `<script>window.a = 1;</script>`,
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([
      hashOf("window.a = 1;"),
      hashOf(`import "/assets/x.js";`),
    ]);
  });

  it("hashes the exact text, whitespace included", () => {
    expect(inlineScriptHashes("<script>\n a()\n</script>")).toEqual([hashOf("\n a()\n")]);
    expect(sha256Source("a()")).toBe(hashOf("a()"));
  });
});

describe("contentSecurityPolicy", () => {
  it("allows inline scripts only through the given sources, and nothing from elsewhere", () => {
    const policy = contentSecurityPolicy({ inlineScripts: ["'nonce-abc'"], https: false });
    expect(policy).toContain("script-src 'self' 'nonce-abc';");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy({ inlineScripts: [], https: true })).toMatch(
      /; upgrade-insecure-requests$/,
    );
  });

  it("allows <style> elements from this origin only, unless the dev server adds its nonce", () => {
    const production = contentSecurityPolicy({ inlineScripts: ["'nonce-abc'"], https: false });
    expect(production).toContain("style-src 'self';");
    const development = contentSecurityPolicy({
      inlineScripts: ["'nonce-abc'"],
      inlineStyles: ["'nonce-abc'"],
      https: false,
    });
    expect(development).toContain("style-src 'self' 'nonce-abc';");
    // Only that directive changes: attributes stay limited to the one hash.
    expect(development.replace("style-src 'self' 'nonce-abc'", "style-src 'self'")).toBe(
      production,
    );
    expect(development).not.toContain("unsafe-inline");
  });
});
