import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  coverArtPath,
  coverArtSizes,
  homeHeroArt,
  productArtPath,
  serviceIconSprite,
  type CoverArtShape,
} from "../../config/art";
import { industries } from "../../config/navigation";
import { services } from "../../config/services";
import { listPostSummaries } from "../../content/posts.server";
import { iconByServiceId } from "../layout/service-glyph";
import { coverMotif, CoverArtSvg } from "./cover-art.server";
import { HeroBackdropSvg, HeroProductSvg } from "./home-hero-art.server";
import { ProductArtSvg } from "./product-art.server";

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

/**
 * The service icons' sprite: each lucide icon's shapes in a <symbol> named by
 * the service id. ServiceIcon draws them with lucide's attributes (stroke,
 * width, caps), which the shapes inherit through <use>.
 */
function serviceIconSpriteFile(): string {
  const symbols = services.map(({ id }) => {
    const Icon = iconByServiceId[id];
    const markup = renderToStaticMarkup(<Icon />);
    const shapes = markup.slice(markup.indexOf(">") + 1, markup.lastIndexOf("</svg>"));
    return `<symbol id="${id}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}

/** An art file's SVG document, or undefined for a path that names none. */
export function renderArtFile(path: string): string | undefined {
  if (path === serviceIconSprite) return serviceIconSpriteFile();
  const element = artElement(path);
  return element && renderToStaticMarkup(element);
}
