import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { byteBudgets } from "~/config/budgets";
import { readPublicPaths } from "~/site/pages.server";
import { isFrameworkChunk, kb, measurePage, totalGzip, type Fetcher } from "../page-weight";
import { expect, test } from "./fixtures";

/*
 * The byte budgets of issue 6 (app/config/budgets.ts), for every public page
 * and the not-found page, as the production server sends them: the HTML, every
 * script a first visit runs (module scripts, modulepreloads, the inline
 * bootstrap's imports, and the chunks those import), every stylesheet. Sizes
 * are after gzip at level 9 (tests/page-weight.ts). `npm run bench:bytes`
 * prints the same figures as a table.
 */

const notFoundPath = "/no-such-page";
const pagePaths = [...readPublicPaths(), notFoundPath];

test.describe("byte budgets", () => {
  for (const pagePath of pagePaths) {
    test(`${pagePath}: scripts, styles and HTML within budget`, async ({ request }) => {
      const fetcher: Fetcher = async (url) => {
        const response = await request.get(url, { headers: { "Accept-Encoding": "identity" } });
        return { status: response.status(), body: await response.body() };
      };
      const page = await measurePage(fetcher, pagePath);
      expect(page.status, `${pagePath} answers`).toBe(pagePath === notFoundPath ? 404 : 200);
      expect(page.scripts.length, `${pagePath} loads React Router's client`).toBeGreaterThan(0);

      const js = totalGzip(page.scripts);
      expect
        .soft(
          js,
          `${pagePath}: first-visit JavaScript is ${kb(js)} gzip, over ${kb(byteBudgets.pageJs)}`,
        )
        .toBeLessThanOrEqual(byteBudgets.pageJs);
      for (const script of page.scripts.filter((file) => !isFrameworkChunk(file.url))) {
        expect
          .soft(
            script.gzip,
            `${pagePath}: ${script.url} is ${kb(script.gzip)} gzip, over ${kb(byteBudgets.chunkJs)}`,
          )
          .toBeLessThanOrEqual(byteBudgets.chunkJs);
      }

      const css = totalGzip(page.stylesheets);
      const sheets = page.stylesheets.map((file) => `${file.url} ${kb(file.gzip)}`).join(", ");
      expect
        .soft(
          css,
          `${pagePath}: CSS is ${kb(css)} gzip (${sheets}), over ${kb(byteBudgets.pageCss)}`,
        )
        .toBeLessThanOrEqual(byteBudgets.pageCss);

      expect
        .soft(
          page.html.gzip,
          `${pagePath}: the HTML is ${kb(page.html.gzip)} gzip, over ${kb(byteBudgets.html)}`,
        )
        .toBeLessThanOrEqual(byteBudgets.html);

      // Fonts: Latin subsets in woff2 only. None is preloaded: the web font
      // is asked for after the first paint (docs/decisions/069, first-paint.spec.ts).
      expect
        .soft(page.stylesheetFonts, `${pagePath}: the stylesheet names its font`)
        .not.toHaveLength(0);
      expect.soft(page.preloadedFonts, `${pagePath} preloads a font`).toEqual([]);
      for (const font of page.stylesheetFonts) {
        expect.soft(font, `${pagePath}: ${font} is not a woff2 file`).toMatch(/\.woff2$/);
        expect.soft(font, `${pagePath}: ${font} is not the Latin subset`).toMatch(/-latin-(?!ext)/);
      }
    });
  }

  test("no image in the build is over the image budget", () => {
    const root = path.resolve("build/client");
    const images = readdirSync(root, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.(png|jpe?g|webp|avif|svg|gif)$/i.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(images.length, "images found in build/client").toBeGreaterThan(0);
    for (const image of images) {
      const bytes = statSync(image).size;
      expect
        .soft(bytes, `${path.relative(root, image)} is ${kb(bytes)}, over ${kb(byteBudgets.image)}`)
        .toBeLessThanOrEqual(byteBudgets.image);
    }
  });
});
