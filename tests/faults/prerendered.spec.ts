import { rawRequest } from "../e2e/contact-support";
import { expect, test } from "../e2e/fixtures";

// Prerendered pages are files, but only their clean address serves them with
// the policy their inline scripts need (issue 15, finding 12).

test("a page's file name redirects to its address, query kept; other .html names are 404", async ({
  request,
}) => {
  for (const [path, location] of [
    ["/about/index.html", "/about"],
    ["/about/index.html?ref=old-link", "/about?ref=old-link"],
    ["/services/iot/index.html", "/services/iot"],
  ] as const) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers()["location"], path).toBe(location);
  }
  for (const path of [
    "/index.html",
    "/about/index.html.br",
    "/about/index.html.gz",
    "/sitemap.xml.gz",
    "/no-such-page/index.html",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"], path).toContain("text/html");
  }
  // Followed, the redirect ends at the page, whose inline scripts its policy allows.
  const followed = await request.get("/about/index.html");
  expect(followed.status()).toBe(200);
  expect(followed.url()).toMatch(/\/about$/);
  expect(followed.headers()["content-security-policy"]).toContain("'sha256-");
});

test("each encoding of a prerendered page has its own strong ETag, and 304 only for its own", async ({
  baseURL,
}) => {
  // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request.
  const get = (encoding: string, headers: Record<string, string> = {}) =>
    rawRequest(`${baseURL}/about`, {
      method: "GET",
      headers: { "Accept-Encoding": encoding, ...headers },
    });
  const etags = new Map<string, string>();
  for (const encoding of ["br", "gzip", "identity"]) {
    const response = await get(encoding);
    expect(response.status, encoding).toBe(200);
    const etag = String(response.headers.etag);
    expect(etag, encoding).toMatch(/^"[^"]+"$/);
    etags.set(encoding, etag);
  }
  expect(new Set(etags.values()).size).toBe(3);

  for (const [encoding, etag] of etags) {
    const same = await get(encoding, { "If-None-Match": etag });
    expect(same.status, `${encoding} revalidated with its own ETag`).toBe(304);
    for (const [other, otherEtag] of etags) {
      if (other === encoding) continue;
      const response = await get(encoding, { "If-None-Match": otherEtag });
      expect(response.status, `${encoding} with the ETag of ${other}`).toBe(200);
      expect(response.headers.etag).toBe(etag);
    }
  }
});
