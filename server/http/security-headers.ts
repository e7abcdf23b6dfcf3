import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";

/**
 * The security headers every response carries (docs/decisions/061). The CSP
 * allows scripts from this origin, and inline ones only by a per-request nonce
 * or their hash (prerendered and kept pages); nothing loads from elsewhere.
 */

export function sha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

export type PolicyOptions = {
  /** 'nonce-…' or 'sha256-…' sources for the page's inline scripts. */
  inlineScripts: readonly string[];
  /** For the <style> elements Vite's dev client injects (`npm run dev` only). */
  inlineStyles?: readonly string[];
  /** Served over HTTPS (SITE_URL): upgrade any stray http: subresource. */
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

/** Every security header, with a policy that allows no inline script (pages set theirs, `setPolicy`). */
export function securityHeaders({ https }: { https: boolean }): RequestHandler {
  const policy = contentSecurityPolicy({ inlineScripts: [], https });
  const fixed = { ...staticSecurityHeaders({ https }), "Content-Security-Policy": policy };
  return (_req, res, next) => {
    res.set(fixed);
    next();
  };
}

/**
 * Draws this request's CSP nonce (16 random bytes, in `res.locals.cspNonce`
 * for React's inline scripts) and names it in the policy, in front of pages
 * rendered per request; with `styleNonce` (dev only) for <style> too.
 */
export function cspNonce({
  https,
  styleNonce = false,
}: {
  https: boolean;
  styleNonce?: boolean;
}): RequestHandler {
  return (_req, res, next) => {
    const source = `'nonce-${(res.locals.cspNonce = randomBytes(16).toString("base64"))}'`;
    setPolicy(res, { inlineScripts: [source], inlineStyles: styleNonce ? [source] : [], https });
    next();
  };
}

export function setPolicy(res: Response, options: PolicyOptions): void {
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(options));
}

/** The hashes of a page's inline scripts that run (classic or module; not JSON-LD or other data). */
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
