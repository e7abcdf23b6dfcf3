import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { initialsOf, toneIndexOf } from "~/lib/initials";

/**
 * Gradient pairs for the avatars. White initials stay above 4.5:1 on both ends
 * of every pair. Whole class names, so Tailwind finds them in this file.
 */
const tones = [
  "from-indigo-600 to-violet-700",
  "from-cyan-700 to-sky-800",
  "from-emerald-700 to-teal-800",
  "from-rose-700 to-pink-800",
  "from-amber-700 to-orange-800",
  "from-violet-700 to-purple-800",
  "from-sky-700 to-indigo-700",
  "from-teal-700 to-cyan-800",
] as const;

const avatarVariants = cva(
  "inline-grid shrink-0 place-items-center rounded-full bg-linear-135 font-semibold tracking-wide text-white ring-1 ring-white/20 select-none ring-inset",
  {
    variants: {
      size: {
        sm: "size-10 text-sm",
        md: "size-14 text-lg",
        lg: "size-18 text-xl",
      },
    },
    defaultVariants: { size: "md" },
  },
);

type InitialsAvatarProps = Omit<ComponentProps<"span">, "children"> &
  VariantProps<typeof avatarVariants> & {
    name: string;
    /**
     * Announce the avatar as an image with this name. Leave it out when the
     * person's name is written next to the avatar: then it is decorative.
     */
    label?: string;
  };

/** A person's initials on a gradient chosen from their name: the same name, the same colours. */
export function InitialsAvatar({ name, label, size, className, ...props }: InitialsAvatarProps) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <span
      data-slot="initials-avatar"
      className={cn(avatarVariants({ size }), tones[toneIndexOf(name, tones.length)], className)}
      {...a11y}
      {...props}
    >
      {initialsOf(name)}
    </span>
  );
}
