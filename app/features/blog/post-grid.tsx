import { cn } from "~/lib/cn";
import { scrollRow, scrollRowItem } from "~/components/ui/scroll-row";
import type { ReactNode } from "react";
import type { PostSummary } from "~/features/blog/post-view";
import { PostCard } from "~/features/blog/post-card";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type PostGridProps = SectionProps & {
  posts: readonly PostSummary[];
  heading: SectionHeadingCopy;
  tone?: SectionTone;
  /** A link beside the heading, e.g. "All posts" on the home page. */
  action?: ReactNode;
};

/**
 * A band of post cards under a heading: the blog's earlier posts, a post's
 * related reading, the home page's latest three.
 */
export function PostGrid({ id, className, posts, heading, tone = "white", action }: PostGridProps) {
  if (posts.length === 0) return null;
  const headingId = `${id ?? "posts"}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} actions={action} />
      <ul
        // A scrolling row on phones takes focus, so the arrow keys scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={`${heading.title}: posts`}
        className={cn(scrollRow, "mt-10 sm:gap-6 md:mt-12 md:grid-cols-2 lg:grid-cols-3")}
      >
        {posts.map((post) => (
          <li key={post.slug} className={cn(scrollRowItem, "flex")}>
            <PostCard post={post} className="w-full" />
          </li>
        ))}
      </ul>
    </SectionBand>
  );
}
