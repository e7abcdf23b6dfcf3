import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { extendTailwindMerge } from "tailwind-merge";
import { readPublicPaths } from "~/site/pages.server";
import { expect, gotoHydrated, test } from "./fixtures";

/*
 * Class names are joined with plain clsx (app/lib/cn.ts), which keeps every
 * class it is given: two utilities for the same property (`size-9 size-8`)
 * would then be settled by the order of Tailwind's stylesheet, not by the
 * order in the markup. Each conflict is resolved where it starts, with a
 * variant or a prop; tailwind-merge, a devDependency used here only, finds any
 * that comes back.
 */

const decodeEntities = (value: string) =>
  value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

// The site's own type scale (`--text-h1` and so on in app/app.css) is font
// sizes, as Tailwind's are: taught to tailwind-merge so `text-h1 text-white`
// reads as a size and a colour, not two colours.
const typeScale = [
  ...readFileSync("app/app.css", "utf8").matchAll(/^\s*--text-([a-z0-9]+):/gm),
].map((match) => match[1]!);
const twMerge = extendTailwindMerge({ extend: { theme: { text: typeScale } } });

/** Class lists that tailwind-merge would shorten: each with what it would drop. */
function conflictsIn(classLists: Iterable<string>): string[] {
  const findings = new Set<string>();
  for (const classList of classLists) {
    const classes = classList.trim().split(/\s+/).filter(Boolean);
    if (classes.length === 0) continue;
    const merged = twMerge(classes.join(" ")).split(" ");
    if (merged.length === classes.length) continue;
    const dropped = classes.filter((name) => !merged.includes(name));
    findings.add(`"${classes.join(" ")}" (loses: ${dropped.join(" ")})`);
  }
  return [...findings];
}

const classAttributes = (html: string) =>
  [...html.matchAll(/\sclass="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? ""));

async function liveClassLists(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("[class]")].map((element) => element.getAttribute("class") ?? ""),
  );
}

test.describe("no conflicting utilities in the server's HTML", () => {
  for (const path of [...readPublicPaths(), "/contact?sent=1", "/no-such-page"]) {
    test(`${path}`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      expect(conflictsIn(classAttributes(html)), `conflicting classes on ${path}`).toEqual([]);
    });
  }
});

test.describe("no conflicting utilities in states only a script reaches", () => {
  test("the mobile menu, open with Services expanded, on a service page @phone", async ({
    page,
  }) => {
    await gotoHydrated(page, "/services/ai-ml");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("button").click();
    expect(conflictsIn(await liveClassLists(page))).toEqual([]);
  });

  test("the desktop Services menu, open on a service page", async ({ page }) => {
    await gotoHydrated(page, "/services/ai-ml");
    await page.getByRole("button", { name: "Services" }).click();
    await expect(page.getByRole("link", { name: "Blockchain" }).first()).toBeVisible();
    expect(conflictsIn(await liveClassLists(page))).toEqual([]);
  });

  test("the portfolio with a filter pressed", async ({ page }) => {
    await gotoHydrated(page, "/portfolio");
    await page.locator("[data-slot=chip][aria-pressed]").nth(1).click();
    await expect(page.locator("[data-slot=chip][aria-pressed]").nth(1)).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(conflictsIn(await liveClassLists(page))).toEqual([]);
  });

  test("the contact form showing every field's error", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page
      .locator("main form")
      .getByRole("button", { name: /Send enquiry/ })
      .click();
    await expect(page.locator("main form [aria-invalid=true]").first()).toBeVisible();
    expect(conflictsIn(await liveClassLists(page))).toEqual([]);
  });
});
