import { notFound } from "~/site/not-found.server";
import type { Route } from "./+types/blog";
import { blogListPage } from "~/features/blog/posts.server";
import { CallToAction } from "~/components/sections/call-to-action";
import { BlogList } from "~/features/blog/blog-list";
import { getMeta } from "~/site/meta";
import { fixedPageMeta } from "~/site/page-meta.server";
import { blogFeedLink } from "~/config/feeds";

// The first page of the blog's list; later pages are routes/blog-page.tsx.
export function loader() {
  const page = blogListPage(1);
  if (!page) throw notFound();
  return { page, meta: fixedPageMeta.blog };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  getMeta({
    ...loaderData.meta,
    extra: [blogFeedLink],
  });

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <BlogList page={loaderData.page} />
      <CallToAction tone="muted" />
    </>
  );
}
