import { InitialsAvatar } from "~/components/ui/initials-avatar";
import { portraitSize } from "~/config/art";
import { cn } from "~/lib/cn";

const sizes = { sm: "size-10", md: "size-14", lg: "size-18" } as const;

/**
 * A person beside their written name (so decorative): a leader's portrait,
 * the same one About shows, or the initials of someone outside the team.
 */
export function PersonAvatar({
  name,
  portrait,
  size = "md",
  className,
}: {
  name: string;
  portrait?: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  if (!portrait) return <InitialsAvatar name={name} size={size} className={className} />;
  return (
    <img
      src={portrait}
      alt=""
      loading="lazy"
      width={portraitSize.width}
      height={portraitSize.height}
      className={cn(sizes[size], "shrink-0 rounded-full bg-slate-100", className)}
    />
  );
}
