import { postPath } from "~/config/paths";
import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import type { PostSummary } from "~/features/blog/post-view";
import { Card } from "~/components/ui/card";
import { CoverArt } from "~/features/blog/cover-art";
import { PersonAvatar } from "~/components/ui/person-avatar";
import { PostMeta, PostTags } from "~/features/blog/post-card";
import { SectionBand } from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

/** The newest post, given the width of the page, at the top of the blog. */
export function FeaturedPost({ id, className, post }: SectionProps & { post: PostSummary }) {
  return (
    <SectionBand id={id} className={className} labelledBy={`featured-${post.slug}`}>
      <Card
        interactive
        className="group relative overflow-hidden has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-3 has-[a:focus-visible]:outline-cyan lg:grid lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]"
      >
        <CoverArt
          slug={post.slug}
          shape="panel"
          className="h-48 w-full sm:h-64 lg:h-full lg:min-h-[380px]"
        />
        <article className="flex flex-col p-6 sm:p-10 lg:p-12">
          <p className="text-sm font-semibold tracking-[0.14em] text-accent uppercase">
            Latest post
          </p>
          <PostTags tags={post.tags} draft={post.draft} className="mt-4" />
          <h2
            id={`featured-${post.slug}`}
            className="mt-4 text-2xl leading-tight font-semibold sm:text-3xl"
          >
            <Link
              to={postPath(post.slug)}
              className="group-hover:text-accent-600 after:absolute after:inset-0 focus-visible:outline-none"
            >
              {post.title}
            </Link>
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600">{post.excerpt}</p>
          <div className="mt-8 flex items-center gap-3 lg:mt-auto lg:pt-8">
            <PersonAvatar name={post.author.name} portrait={post.author.portrait} />
            <div>
              <p className="font-semibold text-slate-900">{post.author.name}</p>
              <PostMeta post={post} className="mt-0.5" />
            </div>
          </div>
          <p
            aria-hidden="true"
            className="mt-8 inline-flex items-center gap-2 font-semibold text-accent-600"
          >
            Read the post
            <Icon
              name="arrow-right"
              className="size-4 transition-transform duration-200 group-hover:translate-x-1"
            />
          </p>
        </article>
      </Card>
    </SectionBand>
  );
}
