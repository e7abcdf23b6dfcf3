import { z } from "zod";
import { durationField, lineField } from "~/lib/content/fields";
import {
  callToActionCopy,
  fixedList,
  heroCopy,
  metaCopy,
  sectionCopy,
} from "~/lib/content/page-copy";
import { productSlugField } from "~/features/portfolio/product-refs.server";
import { contentFile } from "~/lib/content/content-files.server";
import { withCollectionCounts } from "~/features/portfolio/portfolio-counts.server";

/** The four stages of the "Digital engineering" band, in the order we work. */
export const engineeringStageIds = ["discovery", "design", "build", "scale"] as const;

const stage = z
  .object({
    id: z.enum(engineeringStageIds),
    title: lineField(30),
    duration: durationField,
    summary: lineField(240),
    points: z.array(lineField(60)).min(2).max(4),
  })
  .strict();

/** The Home page's copy (content/pages/home.yaml). */
export const homePageSchema = z
  .object({
    meta: metaCopy,
    hero: heroCopy.extend({
      primaryAction: lineField(30),
      secondaryAction: lineField(30),
      highlights: z.array(lineField(40)).max(3),
      /** The heading of the client wordmarks under the hero. */
      clientsLabel: lineField(60),
      /** The two products whose screens stand beside the headline: the ones its lead names. */
      proof: z.array(productSlugField).length(2),
    }),
    services: sectionCopy.extend({
      closingCard: z
        .object({ title: lineField(60), body: lineField(200), action: lineField(30) })
        .strict(),
    }),
    engineering: sectionCopy.extend({ stages: fixedList("id", engineeringStageIds, stage) }),
    selectedWork: sectionCopy.extend({
      action: lineField(40),
      products: z
        .array(productSlugField)
        .min(3)
        .max(4)
        .refine((slugs) => new Set(slugs).size === slugs.length, "must not repeat a product"),
    }),
    testimonials: sectionCopy,
    latestPosts: sectionCopy.extend({ action: lineField(30) }),
    closing: callToActionCopy,
  })
  .strict();

export type HomePage = z.output<typeof homePageSchema>;

/** Its copy may count the products and industries: {Products}, {industries} (portfolio-counts.server.ts). */
export const homePage: () => HomePage = withCollectionCounts(
  contentFile("content/pages/home.yaml", homePageSchema),
);
