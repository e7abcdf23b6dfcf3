import type { SVGProps } from "react";
import { contentIconSprite, iconSprite } from "~/config/art";
import type { ContentIconName } from "~/components/ui/content-icon-names";
import type { BrandIconName, IconName } from "~/components/ui/icon-names";

type SpriteIconProps = Omit<SVGProps<SVGSVGElement>, "children" | "name" | "strokeWidth"> & {
  strokeWidth?: number;
};

/**
 * A lucide icon drawn from a prerendered SVG sprite (app/config/art.ts):
 * 24x24, hidden from assistive technology (every icon on the site is
 * decorative; its meaning is always written beside it). The drawings stay out
 * of the pages' JavaScript (issue 6). Lucide's paint (no fill, a round stroke
 * in the current colour) is on each of the sprite's symbols, and the stroke's
 * width on this <svg>, which the shapes inherit through <use>: they look as
 * lucide-react draws them, with less of each icon written in every page
 * (docs/decisions/068). No xmlns: an <svg> in HTML is in the SVG namespace.
 */
function SpriteIcon({ href, strokeWidth = 2, ...props }: SpriteIconProps & { href: string }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      strokeWidth={strokeWidth}
      aria-hidden="true"
      {...props}
    >
      <use href={href} />
    </svg>
  );
}

/** One of the site's icons or social logos (app/components/ui/icon-names.ts). */
export function Icon({ name, ...props }: SpriteIconProps & { name: IconName | BrandIconName }) {
  return <SpriteIcon href={`${iconSprite}#${name}`} {...props} />;
}

/** An icon a content file names (a service's offerings), from the content icons' sprite. */
export function ContentIcon({ name, ...props }: SpriteIconProps & { name: ContentIconName }) {
  return <SpriteIcon href={`${contentIconSprite}#${name}`} {...props} />;
}
