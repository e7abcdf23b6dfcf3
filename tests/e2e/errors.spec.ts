import { servicePath } from "~/config/paths";
import { serviceContents } from "./content-files";
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
  // The services by their display names (content/services), not the menu's spec labels.
  for (const service of serviceContents) {
    await expect(main.getByRole("link", { name: service.name, exact: true })).toHaveAttribute(
      "href",
      servicePath(service.id),
    );
  }
});

for (const [path, title] of [
  ["/services", "Every service we offer"],
  ["/services/quantum-computing", "We couldn’t find that service"],
] as const) {
  test(`${path} answers 404 with the services overview: each service and its promise @both-widths`, async ({
    page,
  }) => {
    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const main = page.locator("main");
    for (const service of serviceContents) {
      const card = main.getByRole("article").filter({
        has: page.getByRole("link", { name: service.name, exact: true }),
      });
      await expect(card).toContainText(service.promise);
      await expect(card.getByText(service.promise)).toBeVisible();
    }
    await expect(main.getByRole("link", { name: "Tell us what you need" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
}

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
