import type { ServiceId } from "~/config/services";
import { cn } from "~/lib/cn";
import { Icon } from "~/components/ui/icon";
import { serviceIconNames } from "~/features/services/service-glyph";

const tiles = {
  /** Menus and lists on white. */
  default: { tile: "size-9 rounded-lg bg-indigo-50 text-accent", icon: "size-[18px]" },
  /** On ink: the mobile menu. */
  inverse: { tile: "size-8 rounded-lg bg-white/10 text-cyan-300", icon: "size-[18px]" },
  /** The larger tile of a service card. */
  card: { tile: "size-11 rounded-xl bg-indigo-50 text-accent", icon: "size-[22px]" },
} as const;

/** A service's icon in a small tinted tile, looked up from the service page's path. */
export function ServiceIcon({
  href,
  variant = "default",
}: {
  href: string;
  variant?: keyof typeof tiles;
}) {
  const id = href.split("/").pop() as ServiceId;
  const { tile, icon } = tiles[variant];
  return (
    <span aria-hidden="true" className={cn("grid shrink-0 place-items-center", tile)}>
      <Icon name={serviceIconNames[id] ?? "compass"} className={icon} strokeWidth={1.8} />
    </span>
  );
}
