import { postPath, paths } from "~/config/paths";
import { fixedPageMeta } from "~/site/page-meta.server";
import { siteConfig } from "~/config/site";
import { listPostSummaries } from "~/features/blog/posts.server";
import { buildRssFeed } from "~/features/blog/rss";
import type { ServerHandle } from "~/lib/route-handle";

// Written into the client build at build time; never run by the production server.
export const handle: ServerHandle = { buildTimeOnly: true };

// Resource route: /blog/rss.xml, the published posts as RSS 2.0, newest first.
// Prerendered at build time with the posts it lists.
export function loader() {
  const feed = buildRssFeed({
    title: `${siteConfig.name} blog`,
    description: fixedPageMeta.blog.description,
    path: fixedPageMeta.blog.path,
    feedPath: paths.blogFeed,
    items: listPostSummaries().map((post) => ({
      title: post.title,
      path: postPath(post.slug),
      date: post.date,
      summary: post.excerpt,
      author: post.author.name,
      categories: post.tags,
    })),
  });
  return new Response(feed, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
