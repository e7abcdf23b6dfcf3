import { z } from "zod";
import { lineField } from "~/lib/content/fields";
import { heroCopy, metaCopy } from "~/lib/content/page-copy";
import { contentFile } from "~/lib/content/content-files.server";
import { renderMarkdown } from "~/lib/markdown.server";

/** The privacy notice's copy (content/pages/privacy.yaml): one Markdown body per section. */
export const privacyPageSchema = z
  .object({
    meta: metaCopy,
    hero: heroCopy,
    updated: z.iso.date(),
    sections: z
      .array(
        z.object({ title: lineField(60), body: z.string().trim().min(40).max(2_000) }).strict(),
      )
      .min(4)
      .max(12),
  })
  .strict();

const privacyCopy = contentFile("content/pages/privacy.yaml", privacyPageSchema);

/** The notice as the page shows it: the sections as one article, each under its h2. */
export function privacyPage() {
  const copy = privacyCopy();
  return {
    meta: copy.meta,
    hero: copy.hero,
    updated: copy.updated,
    ...renderMarkdown(
      copy.sections.map(({ title, body }) => `## ${title}\n\n${body}`).join("\n\n"),
    ),
  };
}
