import { coverArtPath, coverArtSizes, type CoverArtShape } from "~/config/art";
import type { PostSummary } from "~/features/blog/post-view";
import { cn } from "~/lib/cn";

/**
 * A post's cover (docs/decisions/083): its key figure and what the figure
 * measures, drawn on the server (cover-art.server.tsx) and shown as an image
 * whose alt text says the same. A cover that sets the title is decorative:
 * the title is beside it.
 */
export function CoverArt({
  post,
  shape = "banner",
  className,
}: {
  post: Pick<PostSummary, "slug" | "cover">;
  shape?: CoverArtShape;
  className?: string;
}) {
  const { width, height } = coverArtSizes[shape];
  return (
    <img
      src={coverArtPath(post.slug, shape)}
      alt={post.cover ? `${post.cover.figure} ${post.cover.caption}` : ""}
      loading="lazy"
      width={width}
      height={height}
      className={cn("block bg-night", className)}
    />
  );
}
