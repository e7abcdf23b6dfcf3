import { productArtPath, productArtSize, type ProductArtFit } from "~/config/art";
import { cn } from "~/lib/cn";

type ProductArtProps = {
  slug: string;
  /**
   * "slice" fills the box and crops the art; "meet" shows all of the motif and
   * extends the grid to the box's edges.
   */
  fit?: ProductArtFit;
  className?: string;
};

/**
 * A product's art: its own drawing on an ink field with a faint grid, drawn
 * on the server (product-art.server.tsx) and shown as an image. Decorative.
 */
export function ProductArt({ slug, fit = "slice", className }: ProductArtProps) {
  return (
    <img
      src={productArtPath(slug, fit)}
      alt=""
      loading="lazy"
      width={productArtSize.width}
      height={productArtSize.height}
      className={cn("block h-auto w-full bg-night", className)}
    />
  );
}
