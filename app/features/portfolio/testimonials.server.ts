import { z } from "zod";
import {
  keepUniqueBy,
  loadYamlCollection,
  type RawFiles,
  type YamlEntry,
} from "~/lib/content/collection";
import { lineField } from "~/lib/content/fields";
import { productSlugField } from "~/features/portfolio/product-refs.server";
import { findProduct } from "~/features/portfolio/products.server";
import { contentFiles } from "~/lib/content/content-files.server";

/**
 * Client testimonials (content/testimonials/*.yaml). Each one belongs to a
 * product of the portfolio; Home shows the first three by `order`, and each
 * product's case study shows its own.
 */
export const testimonialSchema = z
  .object({
    order: z.number().int().positive(),
    quote: lineField(320),
    name: lineField(60),
    role: lineField(60),
    company: lineField(60),
    /** The product's slug in content/products. */
    product: productSlugField,
  })
  .strict();

export type Testimonial = z.output<typeof testimonialSchema>;

const files = contentFiles("content/testimonials");

export function loadTestimonials(raw: RawFiles): YamlEntry<Testimonial>[] {
  const loaded = loadYamlCollection(raw, testimonialSchema);
  const entries = keepUniqueBy(loaded, (testimonial) => String(testimonial.order), "order");
  return entries.sort((a, b) => a.order - b.order);
}

export const testimonials: readonly YamlEntry<Testimonial>[] = loadTestimonials(files);

/** The testimonials Home shows: the first three by order. */
export const featuredTestimonials: readonly YamlEntry<Testimonial>[] = testimonials.slice(0, 3);

/** A testimonial as a page shows it: with its product's name for the case study link. */
export function testimonialItem(testimonial: Testimonial) {
  return {
    quote: testimonial.quote,
    name: testimonial.name,
    role: testimonial.role,
    company: testimonial.company,
    product: testimonial.product,
    productName: findProduct(testimonial.product)?.name ?? testimonial.product,
  };
}
