import type { OutlineItem, RenderedMarkdown } from "~/lib/markdown.server";
import { ContentError } from "~/lib/content/collection";
import {
  parsePosts,
  postFrontmatterSchema,
  relatedTo,
  summarisePost,
  type PostEntry,
} from "~/features/blog/post-collection";
import type { PostSummary } from "~/features/blog/post-view";
import { blogPageCount, blogPageSlice, type BlogPageSlice } from "~/features/blog/blog-pages";
import { contentFiles, publicFileExists, throwIfRefused } from "~/lib/content/content-files.server";
import { portraitOf, team } from "~/features/company/team.server";

/**
 * The blog's posts (content/posts/*.md). Frontmatter is validated when the
 * module loads; each body is rendered to HTML the first time its post is
 * asked for and kept, so a post is rendered once, never per request, and the
 * server's start does not grow with the number of posts. The build renders
 * every published post while it prerenders them, so a broken body fails it.
 * The Markdown pipeline (unified, highlight.js: about 20 MB) is imported on the
 * first render, so the running server, whose post pages are prerendered and
 * whose home page needs only summaries, never loads it (docs/decisions/062).
 */
/** The frontmatter's schema, for the README's field list (scripts/content-docs.ts). */
export { postFrontmatterSchema };

export type Post = PostSummary & { html: string; outline: OutlineItem[] };

const files = contentFiles("content/posts");

// Authors preview drafts with `npm run dev`; a production build (the server
// and every prerendered page) never contains them, so their URLs are 404.
// Outside Vite (the page list, scripts, browser tests) the posts are the published ones.
const includeDrafts = import.meta.env?.DEV === true;

const entries: readonly PostEntry[] = parsePosts(files, {
  includeDrafts,
  team,
  publicFileExists,
});
const summaries: readonly PostSummary[] = entries.map((entry) => {
  const summary = summarisePost(entry);
  return { ...summary, author: { ...summary.author, portrait: portraitOf(summary.author.name) } };
});
const renderedBodies = new Map<string, RenderedMarkdown>();

async function renderedBody(entry: PostEntry): Promise<RenderedMarkdown> {
  let rendered = renderedBodies.get(entry.slug);
  if (!rendered) {
    const { renderMarkdown } = await import("~/lib/markdown.server");
    try {
      rendered = renderMarkdown(entry.body);
    } catch (error) {
      throw new ContentError(entry.sourcePath, [
        { field: "body", message: (error as Error).message },
      ]);
    }
    renderedBodies.set(entry.slug, rendered);
  }
  return rendered;
}

/** Every visible post, newest first. */
export function listPostSummaries(): readonly PostSummary[] {
  return summaries;
}

/** The newest posts, for the home page's "latest posts". */
export function latestPostSummaries(count = 3): PostSummary[] {
  return summaries.slice(0, count);
}

export async function findPost(slug: string): Promise<Post | undefined> {
  const index = entries.findIndex((entry) => entry.slug === slug);
  // While authoring, a post whose file has a mistake shows its report on its page.
  if (index === -1) throwIfRefused(`content/posts/${slug}.md`);
  const entry = entries[index];
  const summary = summaries[index];
  return entry && summary ? { ...summary, ...(await renderedBody(entry)) } : undefined;
}

export function relatedPostSummaries(post: PostSummary, count = 3): PostSummary[] {
  return relatedTo(post, summaries, count);
}

/** Page `number` of the blog's list (blog-pages.ts), or undefined when there is none. */
export function blogListPage(number: number): BlogPageSlice<PostSummary> | undefined {
  return blogPageSlice(summaries, number);
}

/** How many pages the blog's list fills (/blog is the first). */
export function blogListPageCount(): number {
  return blogPageCount(summaries.length);
}
