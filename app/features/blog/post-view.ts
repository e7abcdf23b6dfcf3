import type { PostFrontmatter } from "~/features/blog/post-collection";

/*
 * What components in the browser need of a post. It imports no zod and no
 * yaml (post-collection.ts does, for validation on the server), so the blog's
 * client chunks stay small (issue 6; docs/decisions/020).
 */

/** What a list or a card shows of a post. */
export type PostSummary = Pick<
  PostFrontmatter,
  "slug" | "title" | "date" | "author" | "tags" | "excerpt" | "services" | "draft"
> & { readingMinutes: number };

export function postPath(slug: string): string {
  return `/blog/${slug}`;
}
