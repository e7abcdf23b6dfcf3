import { productArtPath, productArtSize, type ProductArtFit } from "~/config/art";
import { cn } from "~/lib/cn";

type ProductArtProps = {
  slug: string;
  /** What the screen shows (productArtAlt); empty for a generated pattern. */
  alt: string;
  /**
   * "slice" fills the box and crops the art; "meet" shows all of the motif and
   * extends the grid to the box's edges.
   */
  fit?: ProductArtFit;
  className?: string;
};

/**
 * A product's art: a fragment of its interface with its own figures, drawn on
 * the server (product-art.server.tsx) and shown as an image with alt text.
 */
export function ProductArt({ slug, alt, fit = "slice", className }: ProductArtProps) {
  return (
    <img
      src={productArtPath(slug, fit)}
      alt={alt}
      loading="lazy"
      width={productArtSize.width}
      height={productArtSize.height}
      className={cn("block h-auto w-full bg-night", className)}
    />
  );
}
