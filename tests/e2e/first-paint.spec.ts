import { pageTypes } from "../support/page-types";
import { expect, gotoHydrated, test } from "./fixtures";

/*
 * First paint owes nothing to JavaScript (docs/decisions/062): a page's
 * <head> asks for the stylesheet, the font and the icons, and nothing that
 * competes with them (no module preload, no image preload); the page's modules
 * are requested only once a frame has been painted, which needs the
 * stylesheet, and they still hydrate the page.
 */

test.beforeEach(({ viewportKind }) => test.skip(viewportKind !== "mobile", "one width is enough"));

for (const path of pageTypes) {
  test(`${path}: the modules load after the first paint and hydrate the page without a mismatch`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain('rel="modulepreload"');
    expect(head).not.toMatch(/<link rel="preload" as="image"/);

    // Hydration matches the HTML: React reports a mismatch (and renders the
    // page again from scratch) as an error, however the page's data came.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await gotoHydrated(page, path);
    expect(errors).toEqual([]);
    const timings = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      return {
        stylesheetEnd: Math.max(
          ...resources
            .filter((entry) => entry.name.endsWith(".css"))
            .map((entry) => entry.responseEnd),
        ),
        firstModuleStart: Math.min(
          ...resources
            .filter((entry) => new URL(entry.name).pathname.match(/^\/assets\/.*\.js$/))
            .map((entry) => entry.startTime),
        ),
        firstPaint: performance.getEntriesByName("first-paint")[0]?.startTime,
      };
    });
    expect(Number.isFinite(timings.firstModuleStart), "the page loaded its modules").toBe(true);
    expect(timings.firstPaint, "a frame was painted").toBeDefined();
    expect(timings.firstModuleStart).toBeGreaterThanOrEqual(timings.stylesheetEnd);
  });
}

test("a prerendered page's hydration data is a module of its own, fetched after first paint and cached for good", async ({
  page,
  request,
}) => {
  // docs/decisions/067: the HTML holds the page's copy once.
  const path = "/blog/reconciliation-at-scale";
  const html = await (await request.get(path)).text();
  expect(html).not.toContain("streamController.enqueue");
  const dataModule = /await import\("(\/assets\/page-data-[\w-]+\.js)"\)/.exec(html)?.[1];
  expect(dataModule, "the module script imports the data before the entry").toBeTruthy();
  const response = await request.get(dataModule!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/javascript/);
  expect(response.headers()["cache-control"]).toContain("immutable");
  const data = await response.text();
  expect(data).toContain("window.__reactRouterContext.streamController.enqueue(");
  expect(data.trimEnd().endsWith("window.__reactRouterContext.streamController.close();")).toBe(
    true,
  );

  // The page hydrates from it, and a client navigation away and back still shows the article.
  await gotoHydrated(page, path);
  const heading = await page.locator("h1").innerText();
  await page.locator('header a[href="/blog"]').first().click();
  await page.waitForURL(/\/blog$/);
  await page.goBack();
  await expect(page.locator("h1")).toHaveText(heading);
  await expect(page.locator("article.article h2").first()).toBeVisible();

  // A page whose data holds a per-response value (the contact form's token) keeps it inline.
  expect(await (await request.get("/contact")).text()).toContain("streamController.enqueue");
});
