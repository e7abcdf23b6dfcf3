import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";

/**
 * The security headers every response carries (docs/decisions/061). The
 * Content-Security-Policy allows scripts from this origin and inline scripts
 * only by a per-request nonce (server-rendered pages) or by their hash
 * (prerendered pages, hashed once at start-up); no inline script runs
 * otherwise, and nothing loads from any other origin.
 */

/** A CSP source expression for the SHA-256 of `text`. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

export type PolicyOptions = {
  /** 'nonce-…' or 'sha256-…' sources for the page's inline scripts. */
  inlineScripts: readonly string[];
  /**
   * 'nonce-…' sources for <style> elements. None in production, where every
   * style comes from a file; `npm run dev` allows its nonce here for the
   * styles Vite's dev client injects (docs/decisions/008).
   */
  inlineStyles?: readonly string[];
  /** The site is served over HTTPS (SITE_URL): upgrade any stray http: subresource. */
  https: boolean;
};

export function contentSecurityPolicy({
  inlineScripts,
  inlineStyles = [],
  https,
}: PolicyOptions): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'none'"],
    ["script-src", "'self'", ...inlineScripts],
    ["style-src", "'self'", ...inlineStyles],
    ["img-src", "'self'"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["manifest-src", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ["base-uri", "'none'"],
    ["object-src", "'none'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** The headers that are the same on every response. */
export function staticSecurityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
    "X-Content-Type-Options": "nosniff",
    // For browsers that predate CSP's frame-ancestors.
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // The site uses none of these features, and no embedded content may either.
    "Permissions-Policy":
      "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Origin-Agent-Cluster": "?1",
  };
}

/** A fresh CSP nonce: 16 random bytes, base64. Every page React renders per request draws one. */
function drawCspNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Sets every security header, with a policy that allows no inline script:
 * files, prerendered and kept pages need no nonce (the last two replace the
 * policy with their scripts' hashes, `setPolicy`).
 */
export function securityHeaders({ https }: { https: boolean }): RequestHandler {
  const fixed = {
    ...staticSecurityHeaders({ https }),
    "Content-Security-Policy": contentSecurityPolicy({ inlineScripts: [], https }),
  };
  return (_req, res, next) => {
    res.set(fixed);
    next();
  };
}

/**
 * Draws this request's CSP nonce (in `res.locals.cspNonce`, for the inline
 * scripts React writes) and names it in the policy: in front of the pages
 * React renders per request. `styleNonce` (the dev server only) allows
 * <style> elements that carry the nonce too.
 */
export function cspNonce({
  https,
  styleNonce = false,
}: {
  https: boolean;
  styleNonce?: boolean;
}): RequestHandler {
  return (_req, res, next) => {
    const source = `'nonce-${(res.locals.cspNonce = drawCspNonce())}'`;
    setPolicy(res, { inlineScripts: [source], inlineStyles: styleNonce ? [source] : [], https });
    next();
  };
}

export function setPolicy(res: Response, options: PolicyOptions): void {
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(options));
}

/**
 * The hashes of a page's inline scripts: every <script> without a src whose
 * type runs (classic or module). JSON-LD and other data blocks never run, so
 * they need no hash.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.add(sha256Source(match[2] ?? ""));
  }
  return [...hashes];
}
