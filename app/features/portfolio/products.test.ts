import { describe, expect, it } from "vitest";
import { productNames } from "~/config/navigation";
import { products } from "~/features/portfolio/products.server";

describe("products collection", () => {
  it("holds one product per footer name, in the footer's order", () => {
    expect(products.map((product) => product.name)).toEqual([...productNames]);
  });
});
