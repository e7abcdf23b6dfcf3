import { createHash } from "node:crypto";
import type { APIResponse } from "@playwright/test";
import { openDatabase, pingDatabase, type AppDatabase } from "../../server/db/database";
import { createTestDatabase } from "../support/test-databases";
import { validLeadFields } from "../support/contact-posts";
import { postAtHumanPace, rawRequest, uniqueEmail } from "./contact-support";
import { expect, gotoHydrated, recordPolicyViolations, startBuiltApp, test } from "./fixtures";

/** The headers every response carries, whatever it is (docs/decisions/061). */
const expectedHeaders: Record<string, string | RegExp> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": /camera=\(\).*geolocation=\(\).*microphone=\(\)/,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "x-frame-options": "DENY",
};

/** The CSP's directives as a map from name to source list. */
function parsePolicy(header: string | undefined): Map<string, string[]> {
  expect(header, "Content-Security-Policy header").toBeTruthy();
  return new Map(
    header!
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  for (const [name, value] of Object.entries(expectedHeaders)) {
    if (typeof value === "string") expect(headers[name], `${name} on ${what}`).toBe(value);
    else expect(headers[name], `${name} on ${what}`).toMatch(value);
  }
  expect(headers["x-powered-by"], `X-Powered-By on ${what}`).toBeUndefined();
  // The test server's SITE_URL is http: HSTS is for https origins only (tested below).
  expect(headers["strict-transport-security"], `HSTS on ${what}`).toBeUndefined();

  const policy = parsePolicy(headers["content-security-policy"]);
  const scripts = policy.get("script-src") ?? [];
  expect(scripts, `script-src on ${what}`).toContain("'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "http:", "https:"]) {
    expect(scripts, `script-src on ${what}`).not.toContain(unsafe);
  }
  expect(policy.get("style-src"), `style-src on ${what}`).toEqual(["'self'"]);
  expect(policy.get("default-src")).toEqual(["'none'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect(policy.get("form-action")).toEqual(["'self'"]);
  return { headers, policy, scripts };
}

test.describe("security headers", () => {
  test("a prerendered page allows exactly its own inline scripts, by hash", async ({
    request,
    page,
  }) => {
    const response = await request.get("/about");
    expect(response.status()).toBe(200);
    const { scripts } = expectSecurityHeaders(response, "/about (prerendered)");
    expect(scripts.some((source) => source.startsWith("'nonce-"))).toBe(false);

    // The browser's own reading of the page's inline scripts, hashed here.
    await gotoHydrated(page, "/about");
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")]
        .filter((script) => !script.getAttribute("type")?.includes("json"))
        .map((script) => script.textContent ?? ""),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const text of inline) {
      const hash = `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
      expect(scripts, `hash of inline script ${text.slice(0, 60)}`).toContain(hash);
    }
  });

  test("a page rendered per request gets a fresh nonce per response, on every inline script", async ({
    request,
  }) => {
    const nonces: string[] = [];
    for (let n = 0; n < 2; n++) {
      // Kept pages (/events, decision 063) allow their scripts by hash; the
      // not-found page is rendered for each request.
      const response = await request.get("/no-such-page");
      expect(response.status()).toBe(404);
      const { scripts } = expectSecurityHeaders(response, "/no-such-page (rendered per request)");
      const nonce = scripts.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce, "a nonce source in script-src").toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.push(nonce!);

      const html = await response.text();
      const inlineScripts = [...html.matchAll(/<script\b([^>]*)>/g)]
        .map((match) => match[1] ?? "")
        .filter((attributes) => !/\bsrc=/.test(attributes) && !/json/.test(attributes));
      expect(inlineScripts.length).toBeGreaterThan(0);
      for (const attributes of inlineScripts) {
        expect(attributes, "every inline script carries the nonce").toContain(`nonce="${nonce}"`);
      }
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("assets, the 404 page, health checks and refusals carry the headers too", async ({
    request,
  }) => {
    const html = await (await request.get("/about")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset!);
    expect(assetResponse.status()).toBe(200);
    expect(assetResponse.headers()["cache-control"]).toContain("immutable");
    expectSecurityHeaders(assetResponse, asset!);

    const notFound = await request.get("/no-such-page");
    expect(notFound.status()).toBe(404);
    expectSecurityHeaders(notFound, "the 404 page");

    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expectSecurityHeaders(health, "/healthz");

    const refused = await request.delete("/about");
    expect(refused.status()).toBe(405);
    expectSecurityHeaders(refused, "a 405");
  });

  test("an https SITE_URL adds Strict-Transport-Security for a year", async () => {
    const server = await startBuiltApp({ https: true });
    try {
      for (const pathname of ["/about", "/events", "/no-such-page"]) {
        const response = await fetch(`${server.url}${pathname}`);
        expect(response.headers.get("strict-transport-security")).toBe(
          "max-age=31536000; includeSubDomains",
        );
        expect(response.headers.get("content-security-policy")).toContain(
          "upgrade-insecure-requests",
        );
      }
    } finally {
      server.close();
    }
  });
});

test.describe("methods and limits", () => {
  test("only GET, HEAD and the form's POST are accepted: 405 with Allow otherwise", async ({
    baseURL,
  }) => {
    const cases = [
      { method: "DELETE", path: "/about", allow: "GET, HEAD" },
      { method: "PUT", path: "/contact", allow: "GET, HEAD, POST" },
      { method: "PATCH", path: "/events", allow: "GET, HEAD" },
      { method: "PUT", path: "/events/threat-modelling-workshop", allow: "GET, HEAD, POST" },
      { method: "POST", path: "/events", allow: "GET, HEAD" },
      { method: "OPTIONS", path: "/", allow: "GET, HEAD" },
      { method: "POST", path: "/about", allow: "GET, HEAD" },
      { method: "POST", path: "/blog", allow: "GET, HEAD" },
    ];
    for (const { method, path: pathname, allow } of cases) {
      const response = await rawRequest(`${baseURL}${pathname}`, { method, body: "x=1" });
      expect(response.status, `${method} ${pathname}`).toBe(405);
      expect(response.headers.allow, `${method} ${pathname}`).toBe(allow);
      expect(response.text).not.toMatch(/\n\s+at /);
    }
    const head = await rawRequest(`${baseURL}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
  });

  test("a client sending more than the limit of non-GET requests a minute gets 429", async () => {
    const server = await startBuiltApp({ writeLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 5; n++) {
        statuses.push((await rawRequest(`${server.url}/about`, { method: "DELETE" })).status);
      }
      expect(statuses).toEqual([405, 405, 405, 429, 429]);
      const limited = await rawRequest(`${server.url}/contact`, { method: "POST", body: "a=1" });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      // Reading the site is never limited.
      expect((await fetch(`${server.url}/about`)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});

test.describe("the Content-Security-Policy in the browser", () => {
  // Every page, at both widths, loads, hydrates and works its menus with no
  // policy violation: every-page.spec.ts.

  test("a client-side navigation and a form submission break no policy", async ({ page }) => {
    const violations = await recordPolicyViolations(page);
    await gotoHydrated(page, "/about");
    await page
      .locator("main")
      .getByRole("link", { name: /Start a project/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/contact/);

    const pace = await postAtHumanPace(page);
    const form = page.locator("main form");
    await form.getByLabel("Your name").fill(validLeadFields.name);
    await form.getByLabel("Work e-mail").fill(uniqueEmail("csp"));
    await form.getByLabel("Company").fill(validLeadFields.company);
    await form.getByLabel("Service of interest").selectOption(validLeadFields.service);
    await form.getByLabel("Budget range").selectOption(validLeadFields.budget);
    await form.getByLabel("About your project").fill(validLeadFields.message);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /Thank you/ })).toBeFocused();
    expect(pace.posted.length).toBe(1);
    expect(await violations()).toEqual([]);
  });
});

test.describe("health checks", () => {
  /** The production app, ready when `db` answers. */
  const appOver = (db: AppDatabase) => startBuiltApp({ ready: () => pingDatabase(db) });

  test("/readyz answers 200 while the database answers, 503 with no details once it does not", async () => {
    const database = await createTestDatabase("sqlite");
    const db = await database.open();
    const server = await appOver(db);
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      await db.destroy();
      const notReady = await fetch(`${server.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(notReady.headers.get("cache-control")).toBe("no-store");
      expect(await notReady.text()).toBe("not ready");
      // The process itself is alive, and pages still render.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/about`)).status).toBe(200);
    } finally {
      server.close();
      await database.drop();
    }
  });

  test("/readyz answers 503 when PostgreSQL is unreachable", async () => {
    // Nothing listens on port 1: the pg driver's connection is refused.
    const db = await openDatabase(
      { kind: "postgres", url: "postgres://nobody@127.0.0.1:1/corvanta" },
      { migrate: false, onError: () => {} },
    );
    const server = await appOver(db);
    try {
      const response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(body).toBe("not ready");
      expect(body).not.toMatch(/ECONNREFUSED|postgres|127\.0\.0\.1/);
    } finally {
      server.close();
      await db.destroy();
    }
  });
});
