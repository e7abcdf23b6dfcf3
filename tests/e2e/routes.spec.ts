import { servicePath } from "~/config/paths";
import { prerenderedPaths } from "~/site/pages.server";
import { serviceIdRedirects, services } from "~/config/services";
import { expect, test } from "./fixtures";

// HTTP behaviour of the production server; no browser needed, so one project runs it.

const pagePaths = [
  "/",
  "/about",
  ...services.map((service) => servicePath(service.id)),
  "/portfolio",
  "/blog",
  "/events",
  "/contact",
];

test("every route of the spec answers 200 with HTML, without a trailing-slash redirect", async ({
  request,
}) => {
  for (const path of pagePaths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain("text/html");
  }
});

test("the footer's /services/cybersecurity redirects permanently to the header's id", async ({
  request,
}) => {
  for (const [alias, target] of Object.entries(serviceIdRedirects)) {
    const response = await request.get(`/services/${alias}`, { maxRedirects: 0 });
    expect([301, 308]).toContain(response.status());
    expect(new URL(response.headers()["location"] ?? "", "http://x").pathname).toBe(
      servicePath(target),
    );
  }
});

test("unknown paths, /services itself and unknown service ids get the not-found page with 404", async ({
  request,
}) => {
  for (const path of [
    "/services",
    "/services/",
    "/services/not-a-service",
    "/services/mobile-app/extra",
    "/no-such-page",
    "/blog/x/y",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"], path).toContain("text/html");
    expect(await response.text(), path).toContain('<meta name="robots" content="noindex"/>');
  }
});

test("a malformed URL is answered 400, and the server keeps serving", async ({ request }) => {
  const response = await request.get("/%E0%A4%A");
  expect(response.status()).toBe(400);
  expect(await response.text()).not.toMatch(/URIError|\bat \S+:\d+/);
  expect((await request.get("/healthz")).status()).toBe(200);
});

test("prerendered pages are served as files with a revalidating cache policy", async ({
  request,
}) => {
  for (const path of prerenderedPaths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("public, max-age=0, must-revalidate");
    expect(response.headers()["etag"], path).toBeTruthy();
  }
});

test("browsers revalidate server-rendered HTML; hashed assets are immutable for a year", async ({
  request,
}) => {
  // The same for everyone until its next change: a shared cache may keep it that long (decision 063).
  const events = await request.get("/events");
  expect(events.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+$/);
  // A form's page too: it holds no token (its form fetches one, decision 051).
  const contact = await request.get("/contact");
  expect(contact.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+$/);
  // A page nobody else is sent (an address nobody links to) is checked each time.
  const unknownService = await request.get("/contact?service=none-such");
  expect(unknownService.headers()["cache-control"]).toBe("no-cache");

  const html = await (await request.get("/")).text();
  const assets = [...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css|woff2)/g)].map(
    (match) => match[0],
  );
  expect(assets.length).toBeGreaterThan(2);
  for (const asset of new Set(assets)) {
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
  }
  expect((await request.get("/assets/no-such-file.js")).status()).toBe(404);
});

test("responses are compressed with brotli or gzip", async ({ request }) => {
  for (const [path, encoding] of [
    ["/", "br"],
    ["/events", "gzip"],
  ] as const) {
    const response = await request.get(path, { headers: { "Accept-Encoding": encoding } });
    expect(response.headers()["content-encoding"], path).toBe(encoding);
  }
});

test("the health check answers 200 and the server does not advertise itself", async ({
  request,
}) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["x-powered-by"]).toBeUndefined();
});
