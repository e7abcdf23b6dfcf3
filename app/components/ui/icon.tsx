import type { SVGProps } from "react";
import { contentIconSprite, iconSprite } from "~/config/art";
import type { ContentIconName } from "~/components/ui/content-icon-names";
import type { IconName } from "~/components/ui/icon-names";

type SpriteIconProps = Omit<SVGProps<SVGSVGElement>, "children" | "name" | "strokeWidth"> & {
  strokeWidth?: number;
};

/**
 * A lucide icon drawn from a prerendered SVG sprite (app/config/art.ts) with
 * lucide's own attributes: 24x24, no fill, a round 2 px stroke in the current
 * colour, hidden from assistive technology (every icon on the site is
 * decorative; its meaning is always written beside it). The drawings stay out
 * of the pages' JavaScript (issue 6); the shapes inherit stroke, caps and
 * colour through <use>, so they look as lucide-react draws them.
 */
function SpriteIcon({
  href,
  strokeWidth = 2,
  color = "currentColor",
  ...props
}: SpriteIconProps & { href: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke={color}
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      <use href={href} />
    </svg>
  );
}

/** One of the site's icons (app/components/ui/icon-names.ts). */
export function Icon({ name, ...props }: SpriteIconProps & { name: IconName }) {
  return <SpriteIcon href={`${iconSprite}#${name}`} {...props} />;
}

/** An icon a content file names (a service's offerings), from the content icons' sprite. */
export function ContentIcon({ name, ...props }: SpriteIconProps & { name: ContentIconName }) {
  return <SpriteIcon href={`${contentIconSprite}#${name}`} {...props} />;
}
