import type { Picture } from "~/lib/images/content-image";

/**
 * A content image as the build made it (docs/decisions/093): WebP at every
 * width, a JPEG fallback, `sizes` for the column it fills, and its width and
 * height, so the page keeps its place before it loads (no layout shift).
 * Below the fold it loads lazily; `loading="eager"` is for an image a visitor
 * sees at once, and `fetchPriority="high"` only for one that is the page's
 * largest paint.
 */
export function ResponsiveImage({
  picture,
  sizes,
  loading = "lazy",
  fetchPriority,
  className,
}: {
  picture: Picture;
  /** The image's width in the layout, e.g. "(min-width: 1024px) 60rem, 100vw". */
  sizes: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high";
  className?: string;
}) {
  return (
    // A block, so the image sizes against it (not display: contents, whose box is empty).
    <picture className="block">
      <source type="image/webp" srcSet={picture.webpSrcset} sizes={sizes} />
      <img
        src={picture.fallbackSrc}
        srcSet={picture.fallbackSrcset}
        sizes={sizes}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className={className}
      />
    </picture>
  );
}
