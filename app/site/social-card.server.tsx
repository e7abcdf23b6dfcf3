import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import { brandMark } from "~/config/brand";
import { BrandMark } from "~/site/brand-mark";
import { siteConfig } from "~/config/site";
import { siteUrl } from "~/config/site-url";
import { socialCardSize } from "~/config/social";
import { interFonts } from "~/lib/inter-font.server";
import { encodePng } from "~/lib/png-encode.server";
import { cachedBytes, contentKey } from "~/lib/build-cache.server";

/**
 * Social cards (Open Graph / Twitter images): a 1200x630 PNG per page, drawn
 * from the page's title and the brand with satori and rasterised with resvg.
 * They are rendered when the site is built (the prerender requests each one),
 * from the installed Inter font files: no network.
 *
 * Rasterising and compressing are most of a card's cost, so the PNG is kept
 * in the build cache under the SHA-256 of its SVG (docs/decisions/071): the
 * SVG holds everything the picture depends on (text as outlines, layout,
 * colours, the host), so an unchanged page's card is read back, and a change
 * to its title, the design or the fonts draws it again.
 */

export type SocialCardInput = {
  /** The section the page belongs to, e.g. "Services" or "Blog". */
  eyebrow: string;
  /** The page's own title (without the company name). */
  title: string;
};

/** The card as SVG (satori's output), before rasterising. */
export async function socialCardSvg({ eyebrow, title }: SocialCardInput): Promise<string> {
  const fonts = interFonts(400, 600);
  const { width, height } = socialCardSize;
  const titleSize = title.length > 60 ? 56 : title.length > 36 ? 66 : 78;
  // The root box takes the canvas size; padding goes on the inner column
  // (satori adds a root's padding to its width).
  return satori(
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
              color: "#67e8f9",
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
            color: "#cbd5e1",
            borderTop: "1px solid rgba(255,255,255,0.14)",
            paddingTop: 28,
          }}
        >
          <div>{siteConfig.tagline}</div>
          <div style={{ color: "#94a3b8" }}>{new URL(siteUrl).host}</div>
        </div>
      </div>
    </div>,
    { width, height, fonts },
  );
}

/** The card as a 1200x630 PNG. */
export async function renderSocialCard(input: SocialCardInput): Promise<Buffer> {
  const svg = await socialCardSvg(input);
  return cachedBytes("social-cards", contentKey("social-card.png", svg), async () => {
    // resvg's renderAsync and zlib's deflate run on libuv's thread pool: the
    // prerender's main thread goes on with the next page meanwhile.
    const image = await renderAsync(svg, {
      fitTo: { mode: "width", value: socialCardSize.width },
    });
    // Our encoder, not resvg's asPng(): the same pixels in half the bytes (png-encode.server.ts).
    return encodePng(image.pixels, image.width, image.height);
  });
}
