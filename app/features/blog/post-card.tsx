import { postPath } from "~/config/paths";
import { Link } from "react-router";
import type { PostCardView } from "~/features/blog/post-view";
import { formatCalendarDate } from "~/lib/calendar-date";
import { cn } from "~/lib/cn";
import { formatReadingTime } from "~/features/blog/reading-time";
import { Tag } from "~/components/ui/tag";
import { Card } from "~/components/ui/card";
import { CoverArt } from "~/features/blog/cover-art";

type PostCardProps = {
  post: PostCardView;
  /** h3 under a section's h2 (the default); h2 where the card sits right under the page's h1. */
  headingLevel?: "h2" | "h3";
  /** On a phone, title, tags and date only: a list to scan, not a row of covers. */
  compactOnPhone?: boolean;
  className?: string;
};

/**
 * A post in a list: cover art, tags, title, excerpt, date and reading time.
 * The title's link stretches over the whole card, so the card is one link
 * with the title as its name.
 */
export function PostCard({
  post,
  headingLevel: Heading = "h3",
  compactOnPhone = false,
  className,
}: PostCardProps) {
  return (
    <Card
      interactive
      className={cn(
        "group relative flex flex-col overflow-hidden has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-3 has-[a:focus-visible]:outline-focus",
        className,
      )}
    >
      <article className="flex flex-1 flex-col">
        <CoverArt
          post={post}
          className={cn("h-28 w-full sm:h-36", compactOnPhone && "max-sm:hidden")}
        />
        <div className="flex flex-1 flex-col p-5 sm:p-6">
          {/* Two tags at most, so titles line up across a row of cards. */}
          <PostTags tags={post.tags.slice(0, 2)} draft={post.draft} />
          <Heading className="mt-4 text-xl leading-snug font-semibold">
            <Link
              to={postPath(post.slug)}
              className="group-hover:text-accent-strong after:absolute after:inset-0 focus-visible:outline-none"
            >
              {post.title}
            </Link>
          </Heading>
          <p
            className={cn(
              "mt-3 line-clamp-3 text-[15px] leading-relaxed text-muted",
              compactOnPhone && "max-sm:hidden",
            )}
          >
            {post.excerpt}
          </p>
          <PostMeta
            post={post}
            className={cn("mt-auto pt-5 sm:pt-6", compactOnPhone && "max-sm:pt-3")}
          />
        </div>
      </article>
    </Card>
  );
}

/** The post's tags, and a "Draft" flag when a draft is previewed in development. */
export function PostTags({
  tags,
  draft = false,
  tone = "accent",
  className,
}: {
  tags: readonly string[];
  draft?: boolean;
  tone?: "accent" | "inverse";
  className?: string;
}) {
  return (
    <ul aria-label="Tags" className={cn("flex flex-wrap gap-2", className)}>
      {draft && (
        <li>
          <Tag tone="success">Draft</Tag>
        </li>
      )}
      {tags.map((tag) => (
        <li key={tag}>
          <Tag tone={tone}>{tag}</Tag>
        </li>
      ))}
    </ul>
  );
}

/** Publication date and reading time, on one line. */
export function PostMeta({
  post,
  className,
}: {
  post: Pick<PostCardView, "date" | "readingMinutes">;
  className?: string;
}) {
  return (
    <p className={cn("flex flex-wrap items-center gap-x-2 text-sm text-muted", className)}>
      <time dateTime={post.date}>{formatCalendarDate(post.date)}</time>
      <span aria-hidden="true">·</span>
      <span>{formatReadingTime(post.readingMinutes)}</span>
    </p>
  );
}
