import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { initialsOf, toneIndexOf } from "~/lib/initials";

/**
 * Gradient pairs for the avatars, in the site's own hues
 * (docs/design/identity.md): vermilion, ink, green, ochre and bronze, each
 * deepening to a darker step. White initials stay above 5:1 on both ends of
 * every pair (the lowest, #8f6424, is 5.2:1), in either theme: the avatars
 * keep their colours, so they take the light theme's values of app/app.css's
 * tokens (as artPalette in app/config/art.ts does), not the tokens, which
 * change with the theme. Whole class names, so Tailwind finds them here; a
 * retuned palette is matched here too.
 */
const tones = [
  "from-[#c23d14] to-[#9e300e]",
  "from-[#282924] to-[#141512]",
  "from-[#1e6b45] to-[#14462e]",
  "from-[#8a5300] to-[#5c3800]",
  "from-[#9e300e] to-[#141512]",
  "from-[#1e6b45] to-[#141512]",
  "from-[#8f6424] to-[#5c3800]",
  "from-[#b42318] to-[#6e160f]",
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
