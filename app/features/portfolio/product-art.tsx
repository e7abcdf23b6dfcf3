import { productArtPath, productArtSize, type ProductArtFit } from "~/config/art";
import { cn } from "~/lib/cn";
import type { Industry } from "~/features/portfolio/industry-icon";

type ProductArtProps = {
  industry: Industry;
  /** Mirrors the motif, so two products of one industry look different. */
  mirrored?: boolean;
  /**
   * "slice" fills the box and crops the art; "meet" shows all of the motif and
   * extends the grid to the box's edges.
   */
  fit?: ProductArtFit;
  className?: string;
};

/**
 * A product card's header art: a motif for the product's industry on an ink
 * field with a faint grid, drawn on the server (app/components/art) and shown
 * as an image. Decorative.
 */
export function ProductArt({
  industry,
  mirrored = false,
  fit = "slice",
  className,
}: ProductArtProps) {
  return (
    <img
      src={productArtPath(industry, mirrored, fit)}
      alt=""
      width={productArtSize.width}
      height={productArtSize.height}
      className={cn("block h-auto w-full bg-ink", className)}
    />
  );
}
