import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  clientWordmarkPath,
  contentIconSprite,
  coverArtPath,
  coverArtSizes,
  homeHeroArt,
  iconSprite,
  nameSlug,
  portraitPath,
  productArtPath,
  type CoverArtShape,
} from "~/config/art";
import { CoverArtSvg } from "~/features/blog/cover-art.server";
import { listPostSummaries } from "~/features/blog/posts.server";
import { HeroBackdropSvg } from "~/features/company/home-hero-art.server";
import { PortraitSvg } from "~/features/company/portrait.server";
import { memberSlug, team } from "~/features/company/team.server";
import { ProductArtSvg } from "~/features/portfolio/product-art.server";
import { products } from "~/features/portfolio/products.server";

/**
 * Every art file the site serves, in one list: its path (app/config/art.ts)
 * and how it is drawn. The prerender list takes the paths from here
 * (app/site/pages.server.ts) and the art route renders from here, so a file
 * is listed once. The icon sprites import lucide-react (about 50 MB once
 * loaded) only when drawn, so the running server, which lists paths but
 * draws nothing, never loads it (docs/decisions/062).
 */
const iconSprites = () => import("~/site/art/icon-sprite.server");
/** The wordmarks draw their names with satori, which the running server never loads either. */
const clientWordmarks = () => import("~/features/portfolio/client-wordmark.server");

function artFiles(): {
  path: string;
  draw: () => ReactElement | string | Promise<string>;
}[] {
  return [
    { path: homeHeroArt.backdrop.path, draw: () => <HeroBackdropSvg /> },
    {
      path: iconSprite,
      draw: async () => {
        const { icons, brandIconShapes, iconSpriteFile } = await iconSprites();
        return iconSpriteFile(icons, brandIconShapes);
      },
    },
    {
      path: contentIconSprite,
      draw: async () => {
        const [{ iconSpriteFile }, { contentIcons }] = await Promise.all([
          iconSprites(),
          import("~/site/art/content-icons.server"),
        ]);
        return iconSpriteFile(contentIcons);
      },
    },
    ...products.flatMap((product) =>
      (["slice", "meet"] as const).map((fit) => ({
        path: productArtPath(product.slug, fit),
        draw: () => <ProductArtSvg product={product} fit={fit} />,
      })),
    ),
    ...[...new Set(products.map((product) => product.client.name))].map((name, index) => ({
      path: clientWordmarkPath(nameSlug(name)),
      draw: async () => (await clientWordmarks()).clientWordmarkSvg({ name, variant: index }),
    })),
    ...team.map((member, index) => ({
      path: portraitPath(memberSlug(member)),
      draw: () => <PortraitSvg portrait={member.portrait} index={index} />,
    })),
    ...listPostSummaries().flatMap((post) =>
      (Object.keys(coverArtSizes) as CoverArtShape[]).map((shape) => ({
        path: coverArtPath(post.slug, shape),
        draw: () => <CoverArtSvg post={post} shape={shape} />,
      })),
    ),
  ];
}

/** The path of every art file, for the prerender list. */
export function artFilePaths(): string[] {
  return artFiles().map((file) => file.path);
}

let artFilesByPath: Map<string, ReturnType<typeof artFiles>[number]> | undefined;

/** An art file's SVG document, or undefined for a path that names none. */
export async function renderArtFile(path: string): Promise<string | undefined> {
  // Looked up by path in a map made once: the build draws two covers per post,
  // and searching the whole list for each made the build quadratic in posts.
  artFilesByPath ??= new Map(artFiles().map((file) => [file.path, file]));
  const drawing = await artFilesByPath.get(path)?.draw();
  if (drawing === undefined) return undefined;
  return typeof drawing === "string" ? drawing : renderToStaticMarkup(drawing);
}
