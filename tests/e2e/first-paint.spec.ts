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
  test(`${path}: the modules load after the first paint and hydrate the page`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain('rel="modulepreload"');
    expect(head).not.toMatch(/<link rel="preload" as="image"/);

    await gotoHydrated(page, path);
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
