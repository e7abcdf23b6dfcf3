import { z } from "zod";
import { lineField } from "~/lib/content/fields";
import { metaCopy } from "~/lib/content/page-copy";
import { contentFile } from "~/lib/content/content-files.server";
import { withCollectionCounts } from "~/features/portfolio/portfolio-counts.server";
import { services } from "~/config/services";
import { serviceRef } from "~/features/services/services.server";

/** The contact page's copy (content/pages/contact.yaml). */
export const contactPageSchema = z
  .object({
    meta: metaCopy,
    hero: z.object({ eyebrow: lineField(40), title: lineField(80), lead: lineField(260) }).strict(),
    form: z
      .object({
        title: lineField(60),
        intro: lineField(260),
        submitLabel: lineField(30),
        pendingLabel: lineField(40),
        privacy: lineField(260),
      })
      .strict(),
    confirmation: z
      .object({
        title: lineField(80),
        body: lineField(300),
        anotherLabel: lineField(40),
        meanwhile: z
          .object({
            title: lineField(40),
            links: z
              .array(
                z
                  .object({
                    label: lineField(40),
                    href: z
                      .string()
                      .regex(/^\/[a-z0-9/-]*$/, "must be a path on this site")
                      .describe("a path on this site, starting with `/`"),
                    body: lineField(140),
                  })
                  .strict(),
              )
              .length(2),
          })
          .strict(),
      })
      .strict(),
    nextSteps: z
      .object({
        title: lineField(60),
        steps: z
          .array(z.object({ title: lineField(60), body: lineField(200) }).strict())
          .min(2)
          .max(4),
      })
      .strict(),
    direct: z.object({ title: lineField(60), body: lineField(200) }).strict(),
    offices: z
      .object({ eyebrow: lineField(40), title: lineField(80), lead: lineField(260) })
      .strict(),
  })
  .strict();

const pageFile = withCollectionCounts(contentFile("content/pages/contact.yaml", contactPageSchema));

/**
 * The page's copy, and the services' display names for the form's "Service
 * of interest" list: the spec's awkward menu labels stay in
 * the menus (issue 16).
 */
export const contactPage = () => ({
  ...pageFile(),
  form: {
    ...pageFile().form,
    serviceNames: Object.fromEntries(
      services.map((service) => [service.id, serviceRef(service.id).name]),
    ) as Readonly<Record<string, string>>,
  },
});

export type ContactPageCopy = ReturnType<typeof contactPage>;
