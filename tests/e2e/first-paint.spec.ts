import { webFontFamilies, webFontFamily } from "~/lib/web-font";
import { readPublicPaths } from "~/site/pages.server";
import { expect, gotoHydrated, test } from "./fixtures";

/*
 * First paint owes nothing to JavaScript (docs/decisions/062): a page's
 * <head> asks for the stylesheet and the icons, and nothing that competes
 * with them (no module preload, no image preload, no font); the page's modules
 * and, on a first visit, its web font (decision 069) are requested only once a
 * frame has been painted, which needs the stylesheet, and the modules still
 * hydrate the page.
 */

// Every page's modules load after its first paint and hydrate it without a
// mismatch: every-page.spec.ts. Here, what its <head> asks for.
test("no page's head preloads a module, an image or a font @phone @smoke", async ({ request }) => {
  for (const path of [...readPublicPaths(), "/no-such-page"]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, path).toContain('rel="stylesheet"');
    expect(head, path).not.toContain('rel="modulepreload"');
    expect(head, path).not.toMatch(/<link rel="preload" as="(?:image|font)"/);
  }
});

test("a prerendered page's hydration data is a module of its own, fetched after first paint and cached for good @phone", async ({
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

  // A page the server renders (not prerendered) keeps its data inline.
  expect(await (await request.get("/contact")).text()).toContain("streamController.enqueue");
});

/** A computed font-family that starts with the web font. */
const inWebFont = new RegExp(`^"${webFontFamily}"`);

test("the web font is fetched after a first visit's first paint and draws the next page, from the click; from another page of the site it draws the first paint @phone", async ({
  page,
  baseURL,
}) => {
  /** When the page's font request started and when its first frame was painted. */
  const fontAndPaint = () =>
    page.evaluate(async (family) => {
      await document.fonts.ready;
      const font = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find(
        (entry) => entry.name.endsWith(".woff2"),
      );
      return {
        fontStart: font?.startTime,
        firstPaint: performance.getEntriesByName("first-paint")[0]?.startTime,
        bodyFont: getComputedStyle(document.body).fontFamily,
        interLoaded: [...document.fonts].some(
          (face) => face.family.replaceAll('"', "") === family && face.status === "loaded",
        ),
      };
    }, webFontFamily);

  await gotoHydrated(page, "/about");
  const firstVisit = await fontAndPaint();
  expect(firstVisit.fontStart, "the font was fetched").toBeDefined();
  expect(firstVisit.firstPaint).toBeDefined();
  expect(firstVisit.fontStart!).toBeGreaterThan(firstVisit.firstPaint!);
  // This page keeps the fallback: no restyle, no line moves (decision 074).
  expect(firstVisit.bodyFont).not.toMatch(inWebFont);

  // A link inside the site: the next page draws in the cached font.
  await page.locator('main a[href="/contact"]:visible').first().click();
  await expect(page).toHaveURL(/\/contact$/);
  const nextPage = await fontAndPaint();
  expect(nextPage.bodyFont).toMatch(inWebFont);
  expect(nextPage.interLoaded).toBe(true);
  const fontRequests = await page.evaluate(
    () =>
      performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".woff2"))
        .length,
  );
  expect(fontRequests, "each face was fetched once, on the first page").toBe(
    webFontFamilies.length,
  );

  // A page opened from the first one (a new tab, say) finds the font cached
  // and asks for it at once.
  await gotoHydrated(page, "/contact", { referer: new URL("/about", baseURL).href });
  const fromThisSite = await fontAndPaint();
  expect(fromThisSite.fontStart).toBeDefined();
  expect(fromThisSite.fontStart!).toBeLessThan(fromThisSite.firstPaint!);
  expect(fromThisSite.bodyFont).toMatch(inWebFont);
});

test("without JavaScript the text is drawn in the web font from the start @phone", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto("/about");
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(inWebFont);
  await context.close();
});
