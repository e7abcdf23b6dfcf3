import { servicesMenu } from "~/config/navigation";
import { expect, footer, gotoHydrated, INJECTED_FAILURE, test } from "./fixtures";

test("an unknown path shows the not-found page with status 404 inside the site frame", async ({
  page,
}) => {
  const response = await gotoHydrated(page, "/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/^Page not found \| /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(footer(page)).toBeAttached();
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Go to the home page" })).toHaveAttribute(
    "href",
    "/",
  );
  await expect(main.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  for (const link of servicesMenu) {
    await expect(main.getByRole("link", { name: link.label })).toHaveAttribute("href", link.href);
  }
});

test("an unknown service id shows the same not-found page with 404", async ({ page }) => {
  const response = await gotoHydrated(page, "/services/quantum-computing");
  expect(response?.status()).toBe(404);
  await expect(
    page.locator("main").getByRole("link", { name: "Go to the home page" }),
  ).toBeVisible();
});

test("an unhandled failure shows the spec's error view with 500 and no details", async ({
  page,
  faultyServerUrl,
}) => {
  const response = await gotoHydrated(page, `${faultyServerUrl}/events`);
  expect(response?.status()).toBe(500);
  const html = await response!.text();
  expect(html).not.toContain(INJECTED_FAILURE);
  expect(html).not.toMatch(/\bat \S+ \(.*:\d+:\d+\)/);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unexpected Application Error!");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(INJECTED_FAILURE);
  await page.locator("main").getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(`${faultyServerUrl}/`);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(
    "Unexpected Application Error!",
  );
});
