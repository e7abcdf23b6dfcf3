import { coverArtPath, coverArtSizes, type CoverArtShape } from "~/config/art";
import type { PostSummary } from "~/features/blog/post-view";
import { cn } from "~/lib/cn";
import { ResponsiveImage } from "~/components/ui/responsive-image";

/** How wide each shape is laid out: a card in a grid, or the featured post's half. */
const coverImageSizes: Record<CoverArtShape, string> = {
  banner: "(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw",
  panel: "(min-width: 1024px) 40rem, 100vw",
};

/**
 * A post's cover (docs/decisions/083): its key figure and what the figure
 * measures, drawn on the server (cover-art.server.tsx) and shown as an image
 * whose alt text says the same. A cover that sets the title is decorative:
 * the title is beside it. A post's own image, when it has one, takes its place.
 */
export function CoverArt({
  post,
  shape = "banner",
  className,
}: {
  post: Pick<PostSummary, "slug" | "cover" | "coverImage">;
  shape?: CoverArtShape;
  className?: string;
}) {
  // A post with a photograph or screen shows it, cropped to the same box (decision 093).
  if (post.coverImage) {
    return (
      <ResponsiveImage
        picture={post.coverImage}
        sizes={coverImageSizes[shape]}
        className={cn("block bg-night object-cover", className)}
      />
    );
  }
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
