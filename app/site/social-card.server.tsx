import { renderAsync } from "@resvg/resvg-js";
import { createRequire } from "node:module";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import satori from "satori";
import { brandMark } from "~/config/brand";
import { BrandMark } from "~/site/brand-mark";
import { siteConfig } from "~/config/site";
import { siteUrl } from "~/config/site-url";
import { socialCardSize } from "~/config/social";
import { interFonts } from "~/lib/inter-font.server";
import { encodePng, pngEncoding } from "~/lib/png-encode.server";
import { cachedBytes, contentKey } from "~/lib/build-cache.server";

/**
 * Social cards (Open Graph / Twitter images): a 1200x630 PNG per page, drawn
 * from the page's title and the brand with satori and rasterised with resvg.
 * They are rendered when the site is built (the prerender requests each one),
 * from the installed Inter font files: no network.
 *
 * A card is kept in the build cache under the SHA-256 of what it is drawn
 * from (docs/decisions/071), so an unchanged page's card is read back without
 * satori, resvg or the PNG encoder running:
 * - the element tree satori is handed, as React's static markup: the title,
 *   the section, every style, the brand mark's shapes, the site's name,
 *   tagline and host, all with their values;
 * - the fonts' bytes, weights and names;
 * - the versions of satori and resvg, and how the PNG is encoded.
 * A change to a title, the design, the fonts, `SITE_URL`, or either package
 * gives another key, so a stale card is never served.
 */

export type SocialCardInput = {
  /** The section the page belongs to, e.g. "Services" or "Blog". */
  eyebrow: string;
  /** The page's own title (without the company name). */
  title: string;
};

const cardFonts = () => interFonts(400, 600);

/** The card as the element tree satori lays out. */
function socialCardElement({ eyebrow, title }: SocialCardInput): ReactElement {
  const { width, height } = socialCardSize;
  const titleSize = title.length > 60 ? 56 : title.length > 36 ? 66 : 78;
  // The root box takes the canvas size; padding goes on the inner column
  // (satori adds a root's padding to its width).
  return (
    <div style={{ width, height, display: "flex" }}>
      <div
        style={{
          flexGrow: 1,
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          padding: "72px 80px",
          backgroundColor: brandMark.background,
          backgroundImage:
            "radial-gradient(circle at 88% 12%, rgba(79,70,229,0.55) 0%, rgba(79,70,229,0) 55%), radial-gradient(circle at 0% 100%, rgba(6,182,212,0.22) 0%, rgba(6,182,212,0) 45%)",
          color: "white",
          fontFamily: "Inter",
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 18 }}>
          <BrandMark gradientId="mark" width="56" height="56" />
          <div style={{ fontSize: 34, fontWeight: 600, letterSpacing: -0.5 }}>
            {siteConfig.name}
          </div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 22, maxWidth: 980 }}>
          <div
            style={{
              fontSize: 26,
              fontWeight: 600,
              color: "#f7dca6",
              letterSpacing: 3,
              textTransform: "uppercase",
            }}
          >
            {eyebrow}
          </div>
          <div
            style={{ fontSize: titleSize, fontWeight: 600, lineHeight: 1.08, letterSpacing: -1.5 }}
          >
            {title}
          </div>
        </div>
        <div
          style={{
            display: "flex",
            justifyContent: "space-between",
            alignItems: "center",
            fontSize: 24,
            color: "#d3cec3",
            borderTop: "1px solid rgba(255,255,255,0.14)",
            paddingTop: 28,
          }}
        >
          <div>{siteConfig.tagline}</div>
          <div style={{ color: "#a39e92" }}>{new URL(siteUrl).host}</div>
        </div>
      </div>
    </div>
  );
}

let drawingFingerprint: string | undefined;

/**
 * What every card's picture depends on besides its element tree: the fonts,
 * the drawing packages' versions and the PNG encoding. Made once per build.
 */
function cardDrawingFingerprint(): string {
  if (drawingFingerprint === undefined) {
    const require = createRequire(import.meta.url);
    const version = (name: string) =>
      (require(`${name}/package.json`) as { version: string }).version;
    drawingFingerprint = contentKey(
      `satori ${version("satori")}`,
      `resvg ${version("@resvg/resvg-js")}`,
      pngEncoding,
      ...cardFonts().flatMap((font) => [`${font.name} ${font.weight} ${font.style}`, font.data]),
    );
  }
  return drawingFingerprint;
}

/** The card as a 1200x630 PNG. */
export async function renderSocialCard(input: SocialCardInput): Promise<Buffer> {
  const element = socialCardElement(input);
  const key = contentKey(
    "social-card.png",
    cardDrawingFingerprint(),
    renderToStaticMarkup(element),
  );
  return cachedBytes("social-cards", key, async () => {
    const { width, height } = socialCardSize;
    const svg = await satori(element, { width, height, fonts: cardFonts() });
    // resvg's renderAsync and zlib's deflate run on libuv's thread pool: the
    // prerender's main thread goes on with the next page meanwhile.
    const image = await renderAsync(svg, { fitTo: { mode: "width", value: width } });
    // Our encoder, not resvg's asPng(): the same pixels in half the bytes (png-encode.server.ts).
    return encodePng(image.pixels, image.width, image.height);
  });
}
