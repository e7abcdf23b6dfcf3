/*
 * The Content-Security-Policy of the editing UI's pages and its API, the only
 * paths whose policy is looser than the site's (server/http/security-headers.ts,
 * decision 061); the server keeps a route's own policy on those paths only
 * (decision 081). Each source below is one Keystatic was seen to need in
 * Chromium (securitypolicyviolation events, tests/e2e/editing.spec.ts).
 */

/** The editing UI: React Router's inline scripts by this response's nonce, Keystatic's styles inline. */
export function editingPagePolicy(nonce: string | undefined): string {
  return [
    ["default-src", "'none'"],
    ["script-src", "'self'", ...(nonce ? [`'nonce-${nonce}'`] : [])],
    // Keystatic's UI (emotion) writes <style> elements and style attributes as it renders.
    ["style-src", "'self'", "'unsafe-inline'"],
    // Previews of images being uploaded are blob: URLs; signed-in editors' avatars come from GitHub.
    ["img-src", "'self'", "blob:", "data:", "https://avatars.githubusercontent.com"],
    ["font-src", "'self'"],
    // GitHub mode reads and commits through GitHub's API from the browser.
    ["connect-src", "'self'", "https://api.github.com"],
    ["manifest-src", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ["base-uri", "'none'"],
    ["object-src", "'none'"],
  ]
    .map((directive) => directive.join(" "))
    .join("; ");
}

/**
 * The API answers JSON and redirects, and one page: the end of a GitHub sign-in
 * in a pop-up, whose one inline script (its hash here) closes the window.
 */
export const editingApiPolicy =
  "default-src 'none'; script-src 'sha256-F+rL0kFeT1rorlEyoVg0GivHz4BQBZfp3n0m11KMtYk='; frame-ancestors 'none'; base-uri 'none'";
