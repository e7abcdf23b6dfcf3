import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { imageBudget } from "~/config/budgets";
import { postPath } from "~/config/paths";
import { expect, test } from "./authoring-fixtures";

/*
 * Issue 40, "Images": an author names a cover that is not there yet (the
 * post's page shows the mistake with its line), then adds it, a 3000 px JPEG, in
 * the authoring tests' scratch copy (authoring-fixtures.ts) while `npm run
 * dev` runs. A phone (390x844) is served WebP of at most the budget's 60 KB
 * for it, the image has its width and height, and nothing shifts as it loads.
 * The variants are made by the same plugin and sharp settings as the build's
 * (docs/decisions/093).
 */

const slug = "design-systems-engineers-use";
const postFile = `content/posts/${slug}.md`;
const reference = `/images/posts/${slug}/cover.jpg`;

/**
 * A photograph-like 3000x2000 JPEG: a sky's gradient, a low sun, hills and
 * a little grain, from a fixed seed, so the test meets the same bytes each run.
 */
async function photoLikeJpeg(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 40;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const grain = (seed >> 26) - 16;
      const sun = Math.max(0, 1 - Math.hypot(x - 2100, y - 700) / 600);
      const hill = y > 1300 + 180 * Math.sin(x / 420) + 90 * Math.sin(x / 130);
      const sky = y / height;
      const [r, g, b] = hill
        ? [40 + 60 * sky, 70 + 50 * sky, 45]
        : [90 + 140 * sky + 120 * sun, 130 + 70 * sky + 90 * sun, 210 - 60 * sky + 20 * sun];
      const at = (y * width + x) * 3;
      pixels[at] = Math.min(255, Math.max(0, r + grain));
      pixels[at + 1] = Math.min(255, Math.max(0, g + grain));
      pixels[at + 2] = Math.min(255, Math.max(0, b + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

test("a 3000 px JPEG as a post's cover: a phone gets WebP within the budget, with width and height, and no layout shift", async ({
  browser,
  request,
  authoring,
}) => {
  test.setTimeout(300_000);
  const postPathOnDisk = path.join(authoring.root, postFile);
  const written = readFileSync(postPathOnDisk, "utf8");
  const withCover = written.replace(
    /^tags: /m,
    `coverImage:\n  src: ${reference}\n  alt: Hills under a low sun at the end of the day\ntags: `,
  );
  writeFileSync(postPathOnDisk, withCover);
  const url = authoring.server.url + postPath(slug);

  // Named before the file is there: the post's page shows the mistake with its line (decision 082).
  const coverLine = withCover.split("\n").findIndex((line) => line.includes(reference)) + 1;
  await expect
    .poll(
      async () => {
        const response = await request.get(url);
        return `${response.status()} ${(await response.text()).slice(0, 80)}`;
      },
      { timeout: 120_000 },
    )
    .toMatch(/^500 /);
  const reportPage = await browser.newPage();
  await reportPage.goto(url);
  await expect(reportPage.getByText(postFile, { exact: true })).toBeVisible();
  const problem = reportPage.getByRole("listitem").filter({ hasText: `Line ${coverLine}` });
  await expect(problem).toContainText("coverImage.src");
  await expect(problem).toContainText(`no file content/images/posts/${slug}/cover.jpg`);
  await reportPage.close();

  const jpeg = await photoLikeJpeg();
  expect((await sharp(jpeg).metadata()).width).toBe(3000);
  const imageFile = path.join(authoring.root, "content/images/posts", slug, "cover.jpg");
  mkdirSync(path.dirname(imageFile), { recursive: true });
  writeFileSync(imageFile, jpeg);
  // The dev server reads the new image, and makes its variants, on the next request.
  await expect
    .poll(async () => (await request.get(url)).text(), { timeout: 120_000 })
    .toContain("Hills under a low sun");

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) record.layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(url);
  const image = page.getByRole("img", { name: "Hills under a low sun at the end of the day" });
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete))
    .toBe(true);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

  const shown = await image.evaluate((element: HTMLImageElement) => ({
    currentSrc: element.currentSrc,
    width: element.getAttribute("width"),
    height: element.getAttribute("height"),
    loading: element.getAttribute("loading"),
    layoutShift: (window as unknown as { layoutShift: number }).layoutShift,
  }));
  expect(shown.width).toBe("3000");
  expect(shown.height).toBe("2000");
  expect(shown.currentSrc).toMatch(/\/assets\/cover-[0-9a-f]{10}-390\.(webp|avif)$/);
  expect(shown.layoutShift).toBe(0);

  const served = await request.get(shown.currentSrc);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toMatch(/^image\/(webp|avif)$/);
  const body = await served.body();
  expect((await sharp(body).metadata()).width).toBe(390);
  expect(body.length).toBeLessThanOrEqual(imageBudget.phoneBytes);
  await context.close();

  writeFileSync(postPathOnDisk, written);
});
