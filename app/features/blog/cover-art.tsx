import { coverArtPath, coverArtSizes, type CoverArtShape } from "~/config/art";
import { cn } from "~/lib/cn";

/**
 * A post's abstract cover art (design brief, "Imagery"), drawn on the server
 * from the post's slug and main service (app/components/art) and shown as an
 * image. Decorative.
 */
export function CoverArt({
  slug,
  shape = "banner",
  className,
}: {
  slug: string;
  shape?: CoverArtShape;
  className?: string;
}) {
  const { width, height } = coverArtSizes[shape];
  return (
    <img
      src={coverArtPath(slug, shape)}
      alt=""
      loading="lazy"
      width={width}
      height={height}
      className={cn("block bg-night", className)}
    />
  );
}
