import { z } from "zod";
import { loadYamlFile } from "~/lib/content/collection";
import { lineField } from "~/lib/content/fields";
import { callToActionCopy, heroCopy, metaCopy, sectionCopy } from "~/lib/content/page-copy";

/** The Portfolio page's own copy (content/pages/portfolio.yaml); products are in content/products. */
export const portfolioPageSchema = z
  .object({
    meta: metaCopy,
    hero: heroCopy,
    products: sectionCopy.extend({
      filterLabel: lineField(40),
      allLabel: lineField(30),
      /** The button that opens a product's case study. */
      detailsLabel: lineField(50),
    }),
    cta: callToActionCopy,
  })
  .strict();

export type PortfolioPage = z.output<typeof portfolioPageSchema>;

const files = import.meta.glob<string>("/content/pages/portfolio.yaml", {
  query: "?raw",
  import: "default",
  eager: true,
});

export const portfolioPage: PortfolioPage = loadYamlFile(
  "content/pages/portfolio.yaml",
  files["/content/pages/portfolio.yaml"],
  portfolioPageSchema,
);
