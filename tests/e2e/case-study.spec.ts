import { products, testimonials } from "./content-files";
import { expect, test } from "./fixtures";

// Each product's case study page (/portfolio/:slug), prerendered from
// content/products. What it says is in the server's HTML, so these read it
// without running the page's script; every page's hydration and axe scan are in
// every-page.spec.ts.
test.use({ javaScriptEnabled: false });

for (const product of products) {
  test(`the case study of ${product.name} answers with its own page`, async ({ page }) => {
    const response = await page.goto(`/portfolio/${product.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.locator("main")).toContainText(product.client.name);
    await expect(page.getByRole("region", { name: "Where the client started" })).toContainText(
      product.challenge.slice(0, 40),
    );
    for (const phase of product.timeline) {
      await expect(page.locator("#timeline")).toContainText(phase.milestone);
    }
    await expect(page.locator("#results")).toContainText(product.headlineResult.value);
    const quote = testimonials.find((entry) => entry.product === product.slug);
    if (quote) await expect(page.locator("#results blockquote")).toContainText(quote.quote);

    const art = page.locator(`img[src="/art/product-${product.slug}-meet.svg"]`);
    await expect(art).toHaveAttribute("width", "400");
    await expect(art).toHaveAttribute("height", "200");

    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}")));
    const work = jsonLd.flat().find((entry) => entry["@type"] === "CreativeWork");
    expect(work?.about?.name).toBe(product.client.name);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`/social/portfolio-${product.slug}\\.png$`),
    );
  });
}

test("an unknown case study is a 404", async ({ page }) => {
  const response = await page.goto("/portfolio/no-such-product");
  expect(response?.status()).toBe(404);
});

test("the case study's social card is an image", async ({ request }) => {
  const product = products[0]!;
  const response = await request.get(`/social/portfolio-${product.slug}.png`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/png");
});
