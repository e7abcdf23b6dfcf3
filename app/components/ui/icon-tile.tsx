import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";

/** Surfaces: tinted on white, outlined on a tinted band, translucent on ink. */
const tones = {
  tint: "bg-accent-wash text-accent",
  outline: "bg-surface text-accent ring-1 ring-line",
  inverse: "bg-white/10 text-signal",
} as const;

/** Tile and icon sizes; `responsive` is the small tile on phones and the medium one from sm up. */
const sizes = {
  sm: "size-9 rounded-lg [&>svg]:size-[18px]",
  md: "size-11 rounded-xl [&>svg]:size-[22px]",
  lg: "size-12 rounded-xl [&>svg]:size-6",
  responsive:
    "size-9 rounded-lg sm:size-11 sm:rounded-xl [&>svg]:size-[18px] sm:[&>svg]:size-[22px]",
} as const;

/**
 * An icon in a tile: the one treatment for a service's, a stage's, an
 * industry's or a commitment's icon (issue 16, finding 8). Decorative: the
 * text beside it names the thing. Give `icon` for the site's icon set, or a
 * child icon (an industry's, a content icon); the tile sizes it.
 */
export function IconTile({
  icon,
  children,
  tone = "tint",
  size = "sm",
  className,
}: {
  icon?: IconName;
  children?: ReactNode;
  tone?: keyof typeof tones;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      data-slot="icon-tile"
      className={cn("grid shrink-0 place-items-center", sizes[size], tones[tone], className)}
    >
      {icon ? <Icon name={icon} strokeWidth={1.8} /> : children}
    </span>
  );
}
