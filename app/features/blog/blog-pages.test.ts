import { describe, expect, it } from "vitest";
import { blogPagePath } from "~/config/paths";
import {
  blogPageCount,
  blogPageLinks,
  blogPagePaths,
  blogPageSlice,
  parseBlogPageNumber,
  postsPerBlogPage,
} from "~/features/blog/blog-pages";

const posts = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe("the blog's pages", () => {
  it("hold at most twelve posts each", () => {
    expect(postsPerBlogPage).toBe(12);
    expect([0, 1, 12, 13, 24, 25, 1008].map(blogPageCount)).toEqual([1, 1, 1, 2, 2, 3, 84]);
  });

  it("cut the posts in order, the last page holding the rest", () => {
    const all = posts(30);
    expect(blogPageSlice(all, 1)).toEqual({ number: 1, count: 3, posts: all.slice(0, 12) });
    expect(blogPageSlice(all, 2)?.posts).toEqual(all.slice(12, 24));
    expect(blogPageSlice(all, 3)?.posts).toEqual([25, 26, 27, 28, 29, 30]);
    const shown = [1, 2, 3].flatMap((number) => blogPageSlice(all, number)?.posts ?? []);
    expect(shown).toEqual(all);
  });

  it("have no page before the first or past the last", () => {
    for (const number of [0, -1, 4, 1.5, Number.NaN]) {
      expect(blogPageSlice(posts(30), number), String(number)).toBeUndefined();
    }
    expect(blogPageSlice([], 1)).toEqual({ number: 1, count: 1, posts: [] });
    expect(blogPageSlice([], 2)).toBeUndefined();
  });

  it("read a page number only as written in their addresses", () => {
    expect(parseBlogPageNumber("2")).toBe(2);
    expect(parseBlogPageNumber("1")).toBe(1);
    expect(parseBlogPageNumber("84")).toBe(84);
    for (const param of [undefined, "", "0", "02", "-2", "2.0", "two", " 2", "1e3", "9999999"]) {
      expect(parseBlogPageNumber(param), String(param)).toBeUndefined();
    }
  });

  it("link the first page to the next only, the last to the previous only", () => {
    expect(blogPageLinks(1, 1)).toEqual({});
    expect(blogPageLinks(1, 3)).toEqual({ older: "/blog/page/2" });
    expect(blogPageLinks(2, 3)).toEqual({ newer: "/blog", older: "/blog/page/3" });
    expect(blogPageLinks(3, 3)).toEqual({ newer: "/blog/page/2" });
  });

  it("have one address each, the first being /blog", () => {
    expect(blogPagePath(1)).toBe("/blog");
    expect(blogPagePaths(25)).toEqual(["/blog", "/blog/page/2", "/blog/page/3"]);
    expect(blogPagePaths(0)).toEqual(["/blog"]);
  });
});
