import { z } from "zod";
import { lineField } from "~/lib/content/fields";
import { callToActionCopy, heroCopy, metaCopy, sectionCopy } from "~/lib/content/page-copy";
import { contentFile } from "~/lib/content/content-files.server";
import { withCollectionCounts } from "~/features/portfolio/portfolio-counts.server";

/** The Portfolio page's own copy (content/pages/portfolio.yaml); products are in content/products. */
export const portfolioPageSchema = z
  .object({
    meta: metaCopy,
    hero: heroCopy,
    products: sectionCopy.extend({
      filterLabel: lineField(40),
      allLabel: lineField(30),
      /** The link from a card to the product's case study page. */
      detailsLabel: lineField(50),
    }),
    cta: callToActionCopy,
  })
  .strict();

export type PortfolioPage = z.output<typeof portfolioPageSchema>;

/** Its copy may count the products and industries: {Products}, {industries} (portfolio-counts.server.ts). */
export const portfolioPage: () => PortfolioPage = withCollectionCounts(
  contentFile("content/pages/portfolio.yaml", portfolioPageSchema),
);
