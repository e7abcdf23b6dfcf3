import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { initialsOf } from "../../lib/initials";

const avatarVariants = cva(
  // Indigo to deep ink keeps white initials above AA contrast across the whole gradient.
  "inline-flex shrink-0 items-center justify-center rounded-full bg-linear-to-br from-accent to-ink-700 font-semibold tracking-wide text-white select-none",
  {
    variants: {
      size: {
        sm: "size-9 text-xs",
        md: "size-11 text-sm",
        lg: "size-14 text-base",
      },
    },
    defaultVariants: { size: "md" },
  },
);

/**
 * A person's initials in a circle, in place of a photo (design brief,
 * "Imagery"). Decorative: the name is always written beside it.
 */
export function InitialsAvatar({
  name,
  size,
  className,
  ...props
}: Omit<ComponentProps<"span">, "children"> &
  VariantProps<typeof avatarVariants> & { name: string }) {
  return (
    <span
      data-slot="initials-avatar"
      aria-hidden="true"
      className={cn(avatarVariants({ size }), className)}
      {...props}
    >
      {initialsOf(name)}
    </span>
  );
}
