import { serviceIconSprite } from "../../config/art";
import { services, type ServiceId } from "../../config/services";
import { cn } from "../../lib/cn";

const tiles = {
  /** Menus and lists on white. */
  default: { tile: "size-9 rounded-lg bg-indigo-50 text-accent", icon: "size-[18px]" },
  /** On ink: the mobile menu. */
  inverse: { tile: "size-8 rounded-lg bg-white/10 text-cyan-300", icon: "size-[18px]" },
  /** The larger tile of a service card. */
  card: { tile: "size-11 rounded-xl bg-indigo-50 text-accent", icon: "size-[22px]" },
} as const;

/**
 * A service's icon in a small tinted tile, looked up from the service page's
 * path. The header's menus show all eleven on every page, so the drawings
 * come from one cached SVG sprite (app/config/art.ts) rather than the script:
 * the same lucide icons, with lucide's attributes, through <use> (issue 6).
 */
export function ServiceIcon({
  href,
  variant = "default",
}: {
  href: string;
  variant?: keyof typeof tiles;
}) {
  const last = href.split("/").pop();
  const id: ServiceId | "strategy" = services.some((service) => service.id === last)
    ? (last as ServiceId)
    : "strategy";
  const { tile, icon } = tiles[variant];
  return (
    <span aria-hidden="true" className={cn("grid shrink-0 place-items-center", tile)}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={icon}
        aria-hidden="true"
      >
        <use href={`${serviceIconSprite}#${id}`} />
      </svg>
    </span>
  );
}
