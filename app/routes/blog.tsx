import type { Route } from "./+types/blog";
import { listPostSummaries } from "~/features/blog/posts.server";
import { CallToAction } from "~/components/sections/call-to-action";
import { FeaturedPost } from "~/features/blog/featured-post";
import { PageHero } from "~/components/sections/page-hero";
import { PostGrid } from "~/features/blog/post-grid";
import { getMeta } from "~/site/meta";
import { fixedPageMeta } from "~/site/page-meta.server";
import { blogFeedLink } from "~/config/feeds";

export function loader() {
  return { posts: listPostSummaries(), meta: fixedPageMeta.blog };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  getMeta({
    ...loaderData.meta,
    extra: [blogFeedLink],
  });

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const [latest, ...earlier] = loaderData.posts;
  return (
    <>
      <PageHero
        heading={{
          eyebrow: "Blog",
          title: "Notes from the people who build the work",
          lead: "What we learn on client projects about engineering, design, data and delivery, written down so you can use it too.",
        }}
      />
      {latest && <FeaturedPost post={latest} className="pb-0 md:pb-0" />}
      <PostGrid id="earlier-posts" heading={{ title: "Earlier posts" }} posts={earlier} />
      <CallToAction tone="muted" />
    </>
  );
}
