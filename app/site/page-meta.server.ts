import { z } from "zod";
import { fixedPages, type FixedPageKey } from "~/config/pages";
import { blogPagePath } from "~/config/paths";
import { ContentError, loadYamlFile, refuseFile } from "~/lib/content/collection";
import { metaCopy } from "~/lib/content/page-copy";
import { contentFiles } from "~/lib/content/content-files.server";

/**
 * The title and meta description of every fixed page, from the `meta` block of
 * content/pages/<key>.yaml. Each page's own loader validates the rest of its
 * file; here only `meta` is read, so the sitemap, the social cards and the
 * blog, events and contact routes share one source.
 */
const files = contentFiles("content/pages");

const metaOnly = z.looseObject({ meta: metaCopy });

export type FixedPageMeta = { path: string; title: string; description: string };

function loadFixedPageMeta(): Record<FixedPageKey, FixedPageMeta> {
  const entries = (Object.keys(fixedPages) as FixedPageKey[]).map((key) => {
    const file = `/content/pages/${key}.yaml`;
    const { path, eyebrow } = fixedPages[key];
    try {
      return [key, { path, ...loadYamlFile(file, files[file], metaOnly).meta }] as const;
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      refuseFile(error);
      // Reached while authoring only: the page itself shows the file's report.
      return [key, { path, title: eyebrow, description: "" }] as const;
    }
  });
  return Object.fromEntries(entries) as Record<FixedPageKey, FixedPageMeta>;
}

export const fixedPageMeta = loadFixedPageMeta();

/**
 * The title and description of the blog's page `number` past the first
 * (/blog/page/2): the blog's own, numbered, so each page's title is its own.
 */
export function blogPageMeta(number: number, count: number): FixedPageMeta {
  const blog = fixedPageMeta.blog;
  return {
    path: blogPagePath(number),
    title: `${blog.title}, page ${number}`,
    description: `Page ${number} of ${count}. ${blog.description}`,
  };
}
