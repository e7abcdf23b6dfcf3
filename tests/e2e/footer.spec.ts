import { footerGridColumns } from "~/config/constants";
import { footerColumns } from "~/config/navigation";
import { siteConfig } from "~/config/site";
import {
  clickWhenSettled,
  expect,
  expectSectionBelowHeader,
  footer,
  gotoHydrated,
  openFooterColumns,
  test,
} from "./fixtures";

test("the footer holds the spec's five columns, links and plain text", async ({ page }) => {
  await gotoHydrated(page, "/");
  for (const column of footerColumns) {
    const section = footer(page).getByRole("region", { name: column.heading });
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(column.heading);
    if (column.kind === "text") {
      await expect(section.getByRole("listitem")).toHaveText([...column.items]);
      await expect(section.getByRole("link")).toHaveCount(0);
      continue;
    }
    const expected = [...column.links, ...(column.button ? [column.button] : [])];
    const links = section.getByRole("link");
    await expect(links).toHaveText(expected.map((link) => link.label));
    for (const [index, link] of expected.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", link.href);
    }
  }
});

test("the footer has the blurb, named social links, and this year's rights line", async ({
  page,
}) => {
  await gotoHydrated(page, "/about");
  await expect(footer(page)).toContainText(siteConfig.footerBlurb);
  const social = footer(page).getByRole("list", { name: "Social links" }).getByRole("link");
  await expect(social).toHaveCount(3);
  await expect(social.nth(0)).toHaveAttribute("href", siteConfig.social.linkedin);
  await expect(social.nth(0)).toHaveAccessibleName(/LinkedIn/);
  await expect(social.nth(1)).toHaveAttribute("href", siteConfig.social.instagram);
  await expect(social.nth(1)).toHaveAccessibleName(/Instagram/);
  await expect(social.nth(2)).toHaveAttribute("href", `mailto:${siteConfig.email}`);
  await expect(social.nth(2)).toHaveAccessibleName(new RegExp(siteConfig.email));
  await expect(footer(page)).toContainText(
    `© ${new Date().getFullYear()} ${siteConfig.name}. All rights reserved.`,
  );
});

test("the copyright year follows the visitor's clock, even on a page prerendered earlier", async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date("2031-02-01T12:00:00Z"));
  await gotoHydrated(page, "/");
  await expect(page.getByTestId("copyright-year")).toHaveText("2031");
});

test("the footer grid has 2 columns on small screens and 5 from md @both-widths", async ({
  page,
  viewportKind,
}) => {
  await gotoHydrated(page, "/");
  const columns = await page
    .getByTestId("footer-grid")
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length);
  expect(columns).toBe(
    viewportKind === "mobile" ? footerGridColumns.small : footerGridColumns.medium,
  );
});

test("footer links lead where they say: hashes, the cybersecurity redirect and /services @both-widths", async ({
  page,
  headerOffset,
}) => {
  await gotoHydrated(page, "/");
  await openFooterColumns(page);
  await clickWhenSettled(footer(page).getByRole("link", { name: "Cybersecurity" }));
  await expect(page).toHaveURL("/services/cyber-security");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cybersecurity");

  await clickWhenSettled(
    footer(page)
      .getByRole("region", { name: "Quick Links" })
      .getByRole("link", { name: "Services" }),
  );
  await expect(page).toHaveURL("/services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Every service we offer");

  await clickWhenSettled(footer(page).getByRole("link", { name: "Commitment to Society" }));
  await expect(page).toHaveURL("/about#csr");
  await expectSectionBelowHeader(page, "csr", headerOffset);
});

test("on a phone each column folds behind its heading and opens from the keyboard; from md up all are open @both-widths", async ({
  page,
  viewportKind,
}) => {
  await gotoHydrated(page, "/");
  const products = footer(page).getByRole("region", { name: "Products" });
  const ledgerLoop = products.getByRole("link", { name: "LedgerLoop" });
  if (viewportKind === "desktop") {
    await expect(ledgerLoop).toBeVisible();
    // No toggle where nothing folds.
    await expect(footer(page).locator("summary:visible")).toHaveCount(0);
    return;
  }
  await expect(ledgerLoop).toBeHidden();
  const toggle = products.locator("summary");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(ledgerLoop).toBeVisible();
  // The others stay folded; the heading is still there for assistive technology.
  await expect(footer(page).getByRole("link", { name: "Cybersecurity" })).toBeHidden();
  await expect(products.getByRole("heading", { level: 2 })).toHaveText("Products");
  await page.keyboard.press("Enter");
  await expect(ledgerLoop).toBeHidden();
});
