import { readPublicPaths } from "~/site/pages.server";
import { expect, layOutInFull, test } from "./fixtures";

/*
 * Issue 16: a phone page that ends. At 390x844 the home page is at most ten
 * screens tall and no public page more than fourteen; and the contact form's
 * first field starts within the first screen at both widths.
 */
const screens = { home: 10, any: 14 };

test.describe("page heights on a phone @phone", () => {
  test("home is at most ten screens and every page at most fourteen", async ({ page }) => {
    test.setTimeout(180_000);
    const viewport = page.viewportSize()!;
    const tooTall: string[] = [];
    for (const path of new Set([...readPublicPaths(), "/contact"])) {
      await page.goto(path);
      // The page's real height, as it is once scrolled through.
      await layOutInFull(page);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const limit = (path === "/" ? screens.home : screens.any) * viewport.height;
      // Reported with the run, so docs/design-review.md can quote the measure.
      test.info().annotations.push({
        type: "height",
        description: `${path}: ${height} px (${(height / viewport.height).toFixed(2)} screens)`,
      });
      if (height > limit) tooTall.push(`${path}: ${height} px > ${limit} px`);
    }
    expect(tooTall).toEqual([]);
  });
});

test("the contact form's first field starts within the first screen @both-widths", async ({
  page,
}) => {
  await page.goto("/contact");
  const field = page.getByRole("textbox", { name: /your name/i });
  const box = await field.boundingBox();
  expect(box).not.toBeNull();
  const limit = page.viewportSize()!.height;
  expect(box!.y).toBeLessThan(limit);
  // On a wide screen the whole field shows, not only its top edge.
  if (page.viewportSize()!.width >= 1024) expect(box!.y + box!.height).toBeLessThanOrEqual(limit);
});
