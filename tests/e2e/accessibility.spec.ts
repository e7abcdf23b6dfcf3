import { readPublicPaths } from "~/site/pages.server";
import { desktopMenu, expectNoAxeViolations, gotoHydrated, test } from "./fixtures";

const pages = [...readPublicPaths(), "/no-such-page"];

for (const path of pages) {
  test(`axe finds no violations on ${path} @both-widths`, async ({ page }) => {
    await gotoHydrated(page, path);
    await expectNoAxeViolations(page);
  });
}

test("axe finds no violations with the menus open @both-widths", async ({ page, viewportKind }) => {
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
