import { themeStorageKey } from "~/lib/theme";
import { expect, gotoHydrated, test } from "./fixtures";

/*
 * Dark mode (issue 30): the site follows the system's colour scheme, the
 * header's switch overrides it, the choice is kept in localStorage (the site
 * sets no cookie: no-cookies.spec.ts), and the first paint already has it.
 */

/** The page background while the body is parsed, before anything in it is drawn. */
type FirstBody = { theme?: string; scheme: string; background: string };

test("the first paint has the stored theme: set before the body is parsed @both-widths", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.addInitScript((key) => {
    localStorage.setItem(key, "dark");
    // Runs as the document is created: records <html> as soon as <body> is
    // inserted, before any of it can be painted.
    new MutationObserver((_records, observer) => {
      if (!document.body) return;
      observer.disconnect();
      (window as unknown as { firstBody: FirstBody }).firstBody = {
        theme: document.documentElement.dataset.theme,
        scheme: getComputedStyle(document.documentElement).colorScheme,
        background: getComputedStyle(document.body).backgroundColor,
      };
    }).observe(document, { childList: true, subtree: true });
  }, themeStorageKey);
  for (const path of ["/", "/contact", "/no-such-page"]) {
    await gotoHydrated(page, path);
    const firstBody = await page.evaluate(
      () => (window as unknown as { firstBody: FirstBody }).firstBody,
    );
    expect(firstBody, path).toEqual({
      theme: "dark",
      scheme: "dark",
      background: "rgb(18, 19, 17)",
    });
  }
});

test("the system's dark scheme is followed with nothing stored", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await gotoHydrated(page, "/about");
  const page_ = await page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
  }));
  expect(page_).toEqual({ theme: undefined, background: "rgb(18, 19, 17)" });
});

test("the header's switch goes from the system's theme to the other one, then the first, then back, and is remembered @both-widths", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await gotoHydrated(page, "/events");
  const stored = () => page.evaluate((key) => localStorage.getItem(key), themeStorageKey);
  const html = page.locator("html");
  const themeSwitch = page.getByRole("button", { name: /^Theme: / });

  await expect(themeSwitch).toHaveAccessibleName("Theme: system");
  // By keyboard, with a visible focus ring.
  await themeSwitch.focus();
  await page.keyboard.press("Enter");
  await expect(themeSwitch).toHaveAccessibleName("Theme: dark");
  await expect(themeSwitch).toHaveCSS("outline-style", "solid");
  await expect(html).toHaveAttribute("data-theme", "dark");
  expect(await stored()).toBe("dark");

  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(html).toHaveAttribute("data-theme", "dark");
  await expect(themeSwitch).toHaveAccessibleName("Theme: dark");

  await themeSwitch.click();
  await expect(themeSwitch).toHaveAccessibleName("Theme: light");
  expect(await stored()).toBe("light");
  // The system turning dark does not override the choice.
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    "rgb(251, 250, 247)",
  );

  await page.emulateMedia({ colorScheme: "light" });
  await themeSwitch.click();
  await expect(themeSwitch).toHaveAccessibleName("Theme: system");
  await expect(html).not.toHaveAttribute("data-theme");
  expect(await stored()).toBeNull();
  expect(await page.context().cookies()).toEqual([]);
});
