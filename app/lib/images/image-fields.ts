import { z } from "zod";
import { lineField } from "~/lib/content/fields";
import { imageProblem, imageReferencePrefix, imageSourceFolder } from "~/lib/images/content-image";
import { contentImages } from "~/lib/images/content-images.server";

/**
 * A content image's fields (docs/decisions/093): the path of a file in
 * content/images/<folder>/, checked where the file is loaded (a missing file
 * or one over the budget is an error on the line that names it), and its alt
 * text, which is required: every image here shows something the page is about.
 * `contentImage` in the schema's metadata tells the editor to offer an upload
 * into that folder (app/features/editing/describe-schema.server.ts).
 */
export const imageSourceField = (folder: string) =>
  z
    .string()
    .trim()
    .min(1)
    .superRefine((reference, context) => {
      const problem = imageProblem(reference, contentImages());
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .meta({
      contentImage: folder,
      title: "Image",
      description: `the path of an image in \`${imageSourceFolder}/${folder}/\`, written \`${imageReferencePrefix}${folder}/<entry>/name.jpg\`: JPEG, PNG or WebP, filed by the editor under the entry's name`,
    });

/** What the image shows, for people who cannot see it; not its file name. */
export const altTextField = lineField(200)
  .refine((alt) => !/\.(?:jpe?g|png|webp)$/i.test(alt), {
    error: "must say what the image shows, not its file name",
  })
  .describe("what the image shows, for people who cannot see it (required)");

/** An image with its alt text. */
export const imageField = (folder: string) =>
  z.object({ src: imageSourceField(folder), alt: altTextField }).strict();

/** An image with its alt text and an optional caption shown under it. */
export const captionedImageField = (folder: string) =>
  z
    .object({
      src: imageSourceField(folder),
      alt: altTextField,
      caption: lineField(160).optional(),
    })
    .strict();
