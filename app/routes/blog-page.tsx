import { notFound } from "~/site/not-found.server";
import { redirect } from "react-router";
import type { Route } from "./+types/blog-page";
import { blogListPage } from "~/features/blog/posts.server";
import { parseBlogPageNumber } from "~/features/blog/blog-pages";
import { CallToAction } from "~/components/sections/call-to-action";
import { BlogList } from "~/features/blog/blog-list";
import { blogPagePath } from "~/config/paths";
import { getMeta } from "~/site/meta";
import { blogPageMeta } from "~/site/page-meta.server";
import { blogFeedLink } from "~/config/feeds";

// /blog/page/2 and on: the blog's list past its first page, prerendered like
// /blog (app/site/pages.server.ts). /blog/page/1 redirects to /blog, the first
// page's one address; a page past the last, or a number written another way
// ("02"), is the not-found page (docs/decisions/071).
export function loader({ params }: Route.LoaderArgs) {
  const number = parseBlogPageNumber(params.page);
  if (number === 1) throw redirect(blogPagePath(1), 301);
  const page = number === undefined ? undefined : blogListPage(number);
  if (!page) throw notFound();
  return { page, meta: blogPageMeta(page.number, page.count) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta({ ...loaderData.meta, extra: [blogFeedLink] }) : [];

export default function BlogPageRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <BlogList page={loaderData.page} />
      <CallToAction tone="muted" />
    </>
  );
}
