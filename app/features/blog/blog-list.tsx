import { PageHero } from "~/components/sections/page-hero";
import { BlogPagination } from "~/features/blog/blog-pagination";
import { FeaturedPost } from "~/features/blog/featured-post";
import { PostGrid } from "~/features/blog/post-grid";
import type { BlogPageSlice } from "~/features/blog/blog-pages";
import type { PostSummary } from "~/features/blog/post-view";

/**
 * One page of the blog's list (/blog, /blog/page/2, ...). The first page
 * features the newest post above the next ones; later pages show their posts
 * as cards. Both end with the links to the neighbouring pages.
 */
export function BlogList({ page }: { page: BlogPageSlice<PostSummary> }) {
  const first = page.number === 1;
  const [latest, ...earlier] = page.posts;
  const gridPosts = first ? earlier : page.posts;
  return (
    <>
      <PageHero
        heading={{
          eyebrow: first ? "Blog" : `Blog · page ${page.number} of ${page.count}`,
          title: "Notes from the people who build the work",
          lead: "What we learn on client projects about engineering, design, data and delivery, written down so you can use it too.",
        }}
      />
      {first && latest && <FeaturedPost post={latest} className="pb-0 md:pb-0" />}
      <PostGrid
        id="earlier-posts"
        heading={{ title: first ? "Earlier posts" : "Older posts" }}
        posts={gridPosts}
        className={page.count > 1 ? "pb-10 md:pb-12" : undefined}
      />
      <BlogPagination number={page.number} count={page.count} />
    </>
  );
}
