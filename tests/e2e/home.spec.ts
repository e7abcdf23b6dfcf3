import { figures, homeCopy, products, testimonials } from "./content-files";
import { clickWhenSettled, expect, gotoHydrated, layOutInFull, test } from "./fixtures";

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

test("a selected product opens its case study page", async ({ page }) => {
  await gotoHydrated(page, "/");
  const slugs = homeCopy.selectedWork.products;
  const cards = page.locator("#selected-work article");
  await expect(cards).toHaveCount(slugs.length);
  const product = products.find((entry) => entry.slug === slugs[1])!;
  await clickWhenSettled(cards.nth(1).getByRole("link", { name: new RegExp(product.name) }));
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

test("About's figures each link to its case study; Home has no figures band of its own", async ({
  page,
}) => {
  await gotoHydrated(page, "/about");
  const band = page.getByTestId("figure-stats");
  // Sections off the screen are rendered when they come near it (app.css).
  await band.scrollIntoViewIfNeeded();
  await expect.poll(() => band.innerText()).not.toBe("");
  const links = band.getByRole("link");
  await expect(links).toHaveCount(figures.about.length);
  for (const [index, entry] of figures.about.entries()) {
    await expect(links.nth(index)).toHaveAttribute("href", `/portfolio/${entry.product}`);
  }
  // Issue 30: Home's product cards carry their cases' figures; a band repeated them.
  await gotoHydrated(page, "/");
  await expect(page.getByTestId("figure-stats")).toHaveCount(0);
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

test("on a phone, home has one sideways row, the selected work's @phone", async ({ page }) => {
  await gotoHydrated(page, "/");
  await layOutInFull(page);
  // Issue 30: seven rows that scrolled sideways hid most of what they held.
  const rows = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((element) => {
        const { overflowX } = getComputedStyle(element);
        return (
          (overflowX === "auto" || overflowX === "scroll") &&
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .map((element) => element.closest("section")?.id ?? element.tagName),
  );
  expect(rows).toEqual(["selected-work"]);
});
