import { ScrollRow, ScrollRowItem } from "~/components/ui/scroll-row";
import type { ReactNode } from "react";
import type { PostCardView } from "~/features/blog/post-view";
import { PostCard } from "~/features/blog/post-card";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type PostGridProps = SectionProps & {
  posts: readonly PostCardView[];
  heading: SectionHeadingCopy;
  tone?: SectionTone;
  /** A link beside the heading, e.g. "All posts" on the home page. */
  action?: ReactNode;
  /**
   * "row": a sideways row on phones (a post's further reading).
   * "list": on phones a list of titles to scan, and no row to scroll (home:
   * issue 30 allows one sideways row there, and it is the work's).
   */
  phoneLayout?: "row" | "list";
};

/**
 * A band of post cards under a heading: the blog's earlier posts, a post's
 * related reading, the home page's latest three.
 */
export function PostGrid({
  id,
  className,
  posts,
  heading,
  tone = "white",
  action,
  phoneLayout = "row",
}: PostGridProps) {
  if (posts.length === 0) return null;
  const headingId = `${id ?? "posts"}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} actions={action} />
      {phoneLayout === "list" ? (
        // Three across from sm: two columns left the third card alone on a tablet.
        <ul className="mt-8 grid gap-3 sm:grid-cols-3 sm:gap-5 md:mt-12 lg:gap-6">
          {posts.map((post) => (
            <li key={post.slug} className="flex">
              <PostCard post={post} compactOnPhone className="w-full" />
            </li>
          ))}
        </ul>
      ) : (
        <ScrollRow
          label={`${heading.title}: posts`}
          className="mt-8 sm:gap-6 md:mt-12 md:grid-cols-2 lg:grid-cols-3"
        >
          {posts.map((post) => (
            <ScrollRowItem key={post.slug} className="flex">
              <PostCard post={post} className="w-full" />
            </ScrollRowItem>
          ))}
        </ScrollRow>
      )}
    </SectionBand>
  );
}
