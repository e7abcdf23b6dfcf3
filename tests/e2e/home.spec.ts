import { industries } from "~/config/navigation";
import { figures, homeCopy, products, testimonials } from "./content-files";
import { expect, gotoHydrated, test } from "./fixtures";

test("the hero offers a project start and the portfolio", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(homeCopy.hero.title);
  const hero = page.getByRole("region", { name: homeCopy.hero.title });
  await expect(hero.getByRole("link", { name: homeCopy.hero.primaryAction })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(hero.getByRole("link", { name: homeCopy.hero.secondaryAction })).toHaveAttribute(
    "href",
    "/portfolio",
  );
});

test("the sections come in the brief's order", async ({ page }) => {
  await gotoHydrated(page, "/");
  const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
  const expected = [
    homeCopy.engineering.title,
    homeCopy.selectedWork.title,
    homeCopy.industries.title,
    homeCopy.proof.title,
    homeCopy.testimonials.title,
    homeCopy.closing.title,
  ];
  expect(headings.filter((heading) => expected.includes(heading))).toEqual(expected);
});

test("the engineering band shows the four stages in order", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.locator("#digital-engineering").getByRole("heading", { level: 3 })).toHaveText(
    homeCopy.engineering.stages.map((stage) => new RegExp(`${stage.title}$`)),
  );
});

test("industries served are the footer's five", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.locator("#industries").getByRole("heading", { level: 3 })).toHaveText([
    ...industries,
  ]);
});

test("a selected product opens its case study page", async ({ page }) => {
  await gotoHydrated(page, "/");
  const slugs = homeCopy.selectedWork.products;
  const cards = page.locator("#selected-work article");
  await expect(cards).toHaveCount(slugs.length);
  const product = products.find((entry) => entry.slug === slugs[1])!;
  await cards
    .nth(1)
    .getByRole("link", { name: new RegExp(product.name) })
    .click();
  await expect(page).toHaveURL(`/portfolio/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
});

test("three testimonials, each linking to its product's case study", async ({ page }) => {
  await gotoHydrated(page, "/");
  const quotes = page.locator("#testimonials figure");
  await expect(quotes).toHaveCount(3);
  for (const [index, testimonial] of testimonials.slice(0, 3).entries()) {
    await expect(quotes.nth(index).getByRole("link")).toHaveAttribute(
      "href",
      `/portfolio/${testimonial.product}`,
    );
  }
});

test("Home and About show their own figures, each linking to its case study", async ({ page }) => {
  const seen: string[] = [];
  for (const [path, list] of [
    ["/", figures.home],
    ["/about", figures.about],
  ] as const) {
    await gotoHydrated(page, path);
    const band = page.getByTestId("figure-stats");
    // Sections off the screen are rendered when they come near it (app.css).
    await band.scrollIntoViewIfNeeded();
    await expect.poll(() => band.innerText()).not.toBe("");
    seen.push(await band.innerText());
    const links = band.getByRole("link");
    await expect(links).toHaveCount(list.length);
    for (const [index, entry] of list.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", `/portfolio/${entry.product}`);
    }
  }
  expect(seen[0]).not.toBe(seen[1]);
});

test("the client wordmarks under the hero name every client and link to its case", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  const logos = page.locator("[aria-labelledby=clients-heading] li");
  await expect(logos).toHaveCount(products.length);
  for (const [index, product] of products.entries()) {
    const link = logos.nth(index).getByRole("link", { name: product.client.name, exact: true });
    await expect(link).toHaveAttribute("href", `/portfolio/${product.slug}`);
    const image = link.locator("img");
    await expect(image).toHaveAttribute("width", /\d+/);
    // Loaded lazily: it loads once it comes near the screen.
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveJSProperty("complete", true);
  }
});
