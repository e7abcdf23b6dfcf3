import { describe, expect, it } from "vitest";
import { figureAppearsIn, figures, figureStats } from "~/features/company/figures.server";
import { findProduct } from "~/features/portfolio/products.server";

describe("figures", () => {
  it("can each be checked: the value is stated by the case study it links to", () => {
    for (const entry of figures().about) {
      const product = findProduct(entry.product);
      expect(product, entry.product).toBeDefined();
      expect(figureAppearsIn(entry, product!), `${entry.value} in ${entry.product}`).toBe(true);
    }
  });

  it("link each figure to its case study page", () => {
    expect(figureStats("about")[0]?.source.href).toBe(`/portfolio/${figures().about[0]?.product}`);
  });
});
