import { portfolioCopy, productIndustries, products } from "./content-files";
import { clickWhenSettled, expect, expectNoAxeViolations, gotoHydrated, test } from "./fixtures";
import type { Page } from "@playwright/test";

const copy = portfolioCopy.products;

function filterGroup(page: Page) {
  return page.getByRole("group", { name: copy.filterLabel });
}

function visibleCards(page: Page) {
  return page.getByTestId("product-card").locator("visible=true");
}

function productsIn(industry: string) {
  return products.filter((product) => product.industry === industry);
}

/**
 * Presses Tab (or Shift+Tab, for a button before the focused element) until
 * the filter button with this name has focus, as a keyboard user would.
 */
async function tabTo(page: Page, name: string) {
  const target = filterGroup(page).getByRole("button", { name });
  const isBefore = await target.evaluate(
    (element) =>
      document.activeElement !== null &&
      Boolean(
        element.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING,
      ),
  );
  for (let presses = 0; presses < 20; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(isBefore ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

test("every product has a card with its industry, services and case study", async ({ page }) => {
  await gotoHydrated(page, "/portfolio");
  await expect(visibleCards(page)).toHaveCount(products.length);
  for (const product of products) {
    const card = page.locator(`article[id="${product.slug}"]`);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(product.name);
    await expect(card).toHaveAttribute("data-industry", product.industry);
    for (const service of product.services) {
      await expect(card.locator(`a[href="/services/${service}"]`)).toHaveCount(1);
    }
  }
});

test("the industry filter works by keyboard and announces the count", async ({ page }) => {
  await gotoHydrated(page, "/portfolio");
  const [first, second] = productIndustries();
  const status = page.getByTestId("filter-count");
  await expect(status).toHaveAttribute("aria-live", "polite");

  // Start the keyboard journey just above the filter.
  await page.locator("#products-heading").click();
  await tabTo(page, first!);
  await page.keyboard.press("Enter");
  await expect(filterGroup(page).getByRole("button", { name: first! })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(filterGroup(page).getByRole("button", { name: copy.allLabel })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(visibleCards(page)).toHaveCount(productsIn(first!).length);
  for (const card of await visibleCards(page).all()) {
    await expect(card).toHaveAttribute("data-industry", first!);
  }
  await expect(status).toContainText(String(productsIn(first!).length));
  await expect(status).toContainText(first!);

  await tabTo(page, second!);
  await page.keyboard.press("Space");
  await expect(visibleCards(page)).toHaveCount(productsIn(second!).length);
  await expect(status).toContainText(second!);

  await tabTo(page, copy.allLabel);
  await page.keyboard.press("Enter");
  await expect(visibleCards(page)).toHaveCount(products.length);
  await expect(status).toContainText(String(products.length));
});

test("each card links to its case study page", async ({ page }) => {
  await gotoHydrated(page, "/portfolio");
  for (const product of products) {
    const card = page.locator(`article[id="${product.slug}"]`);
    await expect(card).toContainText(product.client.name);
    await expect(
      card.getByRole("link", { name: `${copy.detailsLabel}: ${product.name}` }),
    ).toHaveAttribute("href", `/portfolio/${product.slug}`);
  }
  const first = products[0]!;
  await clickWhenSettled(
    page
      .locator(`article[id="${first.slug}"]`)
      .getByRole("link", { name: `${copy.detailsLabel}: ${first.name}` }),
  );
  await expect(page).toHaveURL(`/portfolio/${first.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.name);
});

test("axe finds no violations with a filter on", async ({ page }) => {
  await gotoHydrated(page, "/portfolio");
  const industry = products[0]!.industry;
  await filterGroup(page).getByRole("button", { name: industry }).click();
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every product shows, and the filter that needs a script is hidden", async ({ page }) => {
    await page.goto("/portfolio");
    await expect(visibleCards(page)).toHaveCount(products.length);
    await expect(filterGroup(page)).toBeHidden();
  });
});
