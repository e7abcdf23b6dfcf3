import { blogPagePath } from "~/config/paths";

/**
 * The blog's list in pages (issue 26, docs/decisions/071): at most
 * `postsPerBlogPage` posts on each, newest first. The first page is /blog,
 * where the newest post is featured and the next eleven follow; page 2 is
 * /blog/page/2, and so on. Shared by the routes, the page list (prerender and
 * sitemap) and the browser: no server-only import.
 */
export const postsPerBlogPage = 12;

/** How many pages `postCount` posts fill; an empty blog still has its first page. */
export function blogPageCount(postCount: number): number {
  return Math.max(1, Math.ceil(postCount / postsPerBlogPage));
}

export type BlogPageSlice<T> = {
  /** 1 for /blog. */
  number: number;
  /** How many pages there are. */
  count: number;
  posts: T[];
};

/** The posts of page `number`, or undefined when there is no such page. */
export function blogPageSlice<T>(
  posts: readonly T[],
  number: number,
): BlogPageSlice<T> | undefined {
  const count = blogPageCount(posts.length);
  if (!Number.isInteger(number) || number < 1 || number > count) return undefined;
  const start = (number - 1) * postsPerBlogPage;
  return { number, count, posts: posts.slice(start, start + postsPerBlogPage) };
}

/**
 * The page number in /blog/page/:page: digits without a leading zero, so
 * "/blog/page/02" is not a second address of page 2. Anything else is
 * undefined (a 404).
 */
export function parseBlogPageNumber(param: string | undefined): number | undefined {
  return param !== undefined && /^[1-9][0-9]{0,5}$/.test(param) ? Number(param) : undefined;
}

/** Where "Newer posts" and "Older posts" lead from page `number` of `count`. */
export function blogPageLinks(number: number, count: number): { newer?: string; older?: string } {
  return {
    ...(number > 1 ? { newer: blogPagePath(number - 1) } : {}),
    ...(number < count ? { older: blogPagePath(number + 1) } : {}),
  };
}

/** Every page's path, /blog first, for the prerender list and the sitemap. */
export function blogPagePaths(postCount: number): string[] {
  return Array.from({ length: blogPageCount(postCount) }, (_, index) => blogPagePath(index + 1));
}
