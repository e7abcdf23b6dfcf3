import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  coverArtPath,
  coverArtSizes,
  homeHeroArt,
  productArtPath,
  contentIconSprite,
  iconSprite,
  type CoverArtShape,
} from "~/config/art";
import { industries } from "~/config/navigation";
import { listPostSummaries } from "~/features/blog/posts.server";
import { contentIcons } from "~/site/art/content-icons.server";
import { coverMotif, CoverArtSvg } from "~/features/blog/cover-art.server";
import { HeroBackdropSvg, HeroProductSvg } from "~/features/company/home-hero-art.server";
import { icons, iconSpriteFile } from "~/site/art/icon-sprite.server";
import { ProductArtSvg } from "~/features/portfolio/product-art.server";

/** The drawing behind an art file's path (app/config/art.ts), if there is one. */
function artElement(path: string): ReactElement | undefined {
  if (path === homeHeroArt.backdrop.path) return <HeroBackdropSvg />;
  if (path === homeHeroArt.product.path) return <HeroProductSvg />;
  for (const industry of industries) {
    for (const mirrored of [false, true]) {
      for (const fit of ["slice", "meet"] as const) {
        if (path === productArtPath(industry, mirrored, fit)) {
          return <ProductArtSvg industry={industry} mirrored={mirrored} fit={fit} />;
        }
      }
    }
  }
  for (const post of listPostSummaries()) {
    for (const shape of Object.keys(coverArtSizes) as CoverArtShape[]) {
      if (path === coverArtPath(post.slug, shape)) {
        return <CoverArtSvg seed={post.slug} motif={coverMotif(post)} shape={shape} />;
      }
    }
  }
  return undefined;
}

/** An art file's SVG document, or undefined for a path that names none. */
export function renderArtFile(path: string): string | undefined {
  if (path === iconSprite) return iconSpriteFile(icons);
  if (path === contentIconSprite) return iconSpriteFile(contentIcons);
  const element = artElement(path);
  return element && renderToStaticMarkup(element);
}
