import { notFound } from "~/site/not-found.server";
import { servicePath, socialCardPath, postPath, paths, contactPath } from "~/config/paths";
import type { Route } from "./+types/blog-post";
import { findPost, relatedPostSummaries } from "~/features/blog/posts.server";
import { CallToAction } from "~/components/sections/call-to-action";
import { PostBody } from "~/features/blog/post-body";
import { PostGrid } from "~/features/blog/post-grid";
import { PostHeader } from "~/features/blog/post-header";
import { CoverImage } from "~/components/sections/cover-image";
import { findService } from "~/config/services";
import { serviceRef } from "~/features/services/services.server";
import { blogFeedLink } from "~/config/feeds";
import { fixedPages } from "~/config/pages";
import { blogPostingJsonLd, breadcrumbJsonLd } from "~/site/json-ld";
import { getMeta } from "~/site/meta";
import "../styles/article.css";

export async function loader({ params }: Route.LoaderArgs) {
  // Unknown slugs, and drafts in a production build, get the not-found page.
  const post = await findPost(params.slug);
  if (!post) throw notFound();
  const services = post.services.flatMap((id) => {
    const service = findService(id);
    return service
      ? [{ id: service.id, label: serviceRef(service.id).name, href: servicePath(service.id) }]
      : [];
  });
  const path = postPath(post.slug);
  // Built here, so the JSON-LD builders stay on the server (issue 6).
  const jsonLd = [
    blogPostingJsonLd({
      title: post.title,
      description: post.excerpt,
      path,
      datePublished: post.date,
      authorName: post.author.name,
      image: socialCardPath(path),
      keywords: post.tags,
    }),
    breadcrumbJsonLd([
      { name: "Home", path: paths.home },
      { name: "Blog", path: fixedPages.blog.path },
      { name: post.title, path },
    ]),
  ];
  return { post, services, related: relatedPostSummaries(post), jsonLd };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { post } = loaderData;
  const path = postPath(post.slug);
  return getMeta({
    title: post.title,
    description: post.excerpt,
    path,
    type: "article",
    jsonLd: loaderData.jsonLd,
    extra: [blogFeedLink],
  });
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, services, related } = loaderData;
  const mainService = services[0];
  return (
    <>
      <PostHeader post={post} />
      {post.coverImage && <CoverImage picture={post.coverImage} />}
      <PostBody html={post.html} outline={post.outline} services={services} />
      <PostGrid
        id="related-posts"
        tone="muted"
        heading={{ title: "Related reading" }}
        posts={related}
      />
      {mainService ? (
        <CallToAction
          copy={{
            title: (
              <>
                Talk to us about <span className="whitespace-nowrap">{mainService.label}</span>
              </>
            ),
            lead: `${post.author.name} and the team behind this work can help with yours. A senior engineer replies within 1 business day.`,
            action: "Discuss your project",
          }}
          href={contactPath(mainService.id)}
        />
      ) : (
        <CallToAction />
      )}
    </>
  );
}
