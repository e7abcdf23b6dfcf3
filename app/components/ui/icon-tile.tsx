import { cn } from "~/lib/cn";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";

const tiles = {
  /** Menus and lists on white. */
  default: { tile: "size-9 rounded-lg bg-indigo-50 text-accent", icon: "size-[18px]" },
  /** On ink: the mobile menu. */
  inverse: { tile: "size-8 rounded-lg bg-white/10 text-cyan-300", icon: "size-[18px]" },
  /** The larger tile of a service card. */
  card: {
    tile: "size-9 rounded-lg bg-indigo-50 text-accent sm:size-11 sm:rounded-xl",
    icon: "size-[18px] sm:size-[22px]",
  },
} as const;

/** An icon in a small tinted tile, e.g. a service's beside its name. */
export function IconTile({
  icon,
  variant = "default",
}: {
  icon: IconName;
  variant?: keyof typeof tiles;
}) {
  const { tile, icon: iconSize } = tiles[variant];
  return (
    <span aria-hidden="true" className={cn("grid shrink-0 place-items-center", tile)}>
      <Icon name={icon} className={iconSize} strokeWidth={1.8} />
    </span>
  );
}
