import { industries } from "~/config/navigation";
import { portfolioCopy, products } from "./content-files";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./fixtures";
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
  const [first, second] = industries.filter((industry) => productsIn(industry).length > 0);
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

test("a case study expands in place, by keyboard", async ({ page }) => {
  await gotoHydrated(page, "/portfolio");
  const product = products[0]!;
  const card = page.locator(`article[id="${product.slug}"]`);
  const disclosure = card.locator("summary");
  await expect(card.getByRole("heading", { name: "Challenge" })).toBeHidden();
  await disclosure.focus();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("heading", { name: "Challenge" })).toBeVisible();
  await expect(card.getByRole("heading", { name: "Solution" })).toBeVisible();
  await expect(card.getByRole("heading", { name: "Results" })).toBeVisible();
  await expect(card.getByRole("listitem").filter({ hasText: product.results[0] })).toBeVisible();
});

test("a link to /portfolio#slug lands on the product below the header, case study open", async ({
  page,
  headerOffset,
}) => {
  const product = products.at(-1)!;
  await gotoHydrated(page, `/portfolio#${product.slug}`);
  const card = page.locator(`article[id="${product.slug}"]`);
  await expect(card.locator("details")).toHaveAttribute("open", "");
  await expect(card.getByRole("heading", { name: "Results" })).toBeVisible();
  const top = await card.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(headerOffset);
  expect(top).toBeLessThan(headerOffset + 48);
});

test("axe finds no violations with a filter on and a case study open", async ({ page }) => {
  await gotoHydrated(page, "/portfolio");
  const industry = products[0]!.industry;
  await filterGroup(page).getByRole("button", { name: industry }).click();
  await page.locator(`article[id="${products[0]!.slug}"] summary`).click();
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
