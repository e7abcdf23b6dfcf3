import { prerenderedPaths } from "../../app/config/prerender";
import { desktopMenu, expectNoAxeViolations, gotoHydrated, test } from "./fixtures";

// /contact is server-rendered (its form carries a fresh token); contact.spec.ts
// also checks it with errors shown and after sending.
const pages = [...prerenderedPaths, "/events", "/contact", "/no-such-page"];

for (const path of pages) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await gotoHydrated(page, path);
    await expectNoAxeViolations(page);
  });
}

test("axe finds no violations with the menus open", async ({ page, viewportKind }) => {
  await gotoHydrated(page, "/");
  if (viewportKind === "mobile") {
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Services" })
      .click();
  } else {
    await desktopMenu(page).getByRole("button", { name: "Services" }).click();
  }
  await expectNoAxeViolations(page);
});
