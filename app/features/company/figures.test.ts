import { describe, expect, it } from "vitest";
import { figureAppearsIn, figures, figureStats } from "~/features/company/figures.server";
import { findProduct } from "~/features/portfolio/products.server";

describe("figures", () => {
  it("can each be checked: the value is stated by the case study it links to", () => {
    for (const entry of [...figures.home, ...figures.about]) {
      const product = findProduct(entry.product);
      expect(product, entry.product).toBeDefined();
      expect(figureAppearsIn(entry, product!), `${entry.value} in ${entry.product}`).toBe(true);
    }
  });

  it("differ between Home and About", () => {
    const onHome = new Set(figures.home.map((entry) => `${entry.product} ${entry.value}`));
    for (const entry of figures.about) {
      expect(onHome.has(`${entry.product} ${entry.value}`), entry.value).toBe(false);
    }
    expect(figureStats("home").map((stat) => stat.value)).not.toEqual(
      figureStats("about").map((stat) => stat.value),
    );
  });

  it("link each figure to its case study page", () => {
    expect(figureStats("home")[0]?.source.href).toBe(`/portfolio/${figures.home[0]?.product}`);
  });
});
