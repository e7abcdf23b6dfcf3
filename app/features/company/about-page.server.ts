import { z } from "zod";
import { lineField } from "~/lib/content/fields";
import {
  callToActionCopy,
  fixedList,
  heroCopy,
  metaCopy,
  sectionCopy,
} from "~/lib/content/page-copy";
import { contentFile } from "~/lib/content/content-files.server";

/** The four commitments of the #csr section ("Commitment to Society"). */
export const commitmentIds = [
  "education",
  "sustainability",
  "open-source",
  "accessibility",
] as const;

const commitment = z
  .object({
    id: z.enum(commitmentIds),
    title: lineField(40),
    text: lineField(320),
    figure: z.object({ value: lineField(12), label: lineField(50) }).strict(),
  })
  .strict();

/** The About page's copy (content/pages/about.yaml). */
export const aboutPageSchema = z
  .object({
    meta: metaCopy,
    hero: heroCopy,
    story: sectionCopy.extend({
      paragraphs: z.array(lineField(500)).min(1).max(4),
      milestonesTitle: lineField(40),
      milestones: z
        .array(
          z.object({ year: z.number().int().min(1900).max(2100), text: lineField(80) }).strict(),
        )
        .min(2)
        .max(8)
        .refine(
          (milestones) =>
            milestones.every((m, i) => i === 0 || (milestones[i - 1]?.year ?? 0) < m.year),
          "must be in chronological order, one per year",
        ),
    }),
    mission: z.object({ eyebrow: lineField(40), statement: lineField(280) }).strict(),
    vision: sectionCopy.extend({
      values: z
        .array(z.object({ title: lineField(50), text: lineField(160) }).strict())
        .min(3)
        .max(6),
    }),
    leadership: sectionCopy,
    csr: sectionCopy.extend({ commitments: fixedList("id", commitmentIds, commitment) }),
    figures: sectionCopy,
    cta: callToActionCopy,
  })
  .strict();

export type AboutPage = z.output<typeof aboutPageSchema>;

export const aboutPage: () => AboutPage = contentFile("content/pages/about.yaml", aboutPageSchema);
