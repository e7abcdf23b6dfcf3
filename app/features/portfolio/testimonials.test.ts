import { describe, expect, it } from "vitest";
import { findProduct, products } from "~/features/portfolio/products.server";
import {
  featuredTestimonials,
  loadTestimonials,
  testimonials,
} from "~/features/portfolio/testimonials.server";

describe("testimonials collection", () => {
  it("has at least three testimonials, each about a product of the portfolio", () => {
    expect(testimonials.length).toBeGreaterThanOrEqual(3);
    for (const testimonial of testimonials) {
      expect(findProduct(testimonial.product), testimonial.sourcePath).toBeDefined();
    }
  });

  it("features the first three by order on Home", () => {
    expect(featuredTestimonials).toEqual(testimonials.slice(0, 3));
    expect(featuredTestimonials).toHaveLength(3);
  });

  it("rejects a testimonial about an unknown product, naming the file and field", () => {
    const files = {
      "/content/testimonials/x.yaml":
        "order: 1\nquote: Good work.\nname: Ada\nrole: CTO\ncompany: Example\nproduct: no-such-product\n",
    };
    expect(() => loadTestimonials(files)).toThrow(
      /content\/testimonials\/x\.yaml:\n {2}- line \d+, product: must be a product slug/,
    );
  });
});

describe("testimonials and case studies", () => {
  it("give every product its client's quote, from the company named on the case", () => {
    for (const product of products) {
      const quote = testimonials.find((testimonial) => testimonial.product === product.slug);
      expect(quote, `a testimonial for ${product.slug}`).toBeDefined();
      expect(quote?.company, quote?.sourcePath).toBe(product.client.name);
    }
  });
});
