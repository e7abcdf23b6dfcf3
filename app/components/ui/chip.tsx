import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const chipVariants = cva(
  "inline-flex items-center gap-2 rounded-full border font-semibold whitespace-nowrap transition-colors duration-150",
  {
    variants: {
      size: {
        /** A link among others in a card: a product's services. */
        sm: "h-8 px-3 text-sm",
        /** A filter: a full touch target. */
        md: "h-10 px-4 text-sm",
      },
      pressed: {
        true: "border-night bg-night text-white",
        false:
          "border-line-strong bg-surface text-body hover:border-accent hover:text-accent-strong",
      },
    },
    defaultVariants: { size: "sm", pressed: false },
  },
);

/**
 * A pill you can act on: a link to a service (`asChild` around the link) or a
 * filter that stays pressed (`pressed`, read out through aria-pressed; Enter
 * and Space toggle it like any button). The one chip style (issue 16, finding
 * 8); a label that does nothing is a Tag.
 */
export function Chip({
  className,
  size,
  pressed,
  asChild = false,
  ...props
}: ComponentProps<"button"> &
  VariantProps<typeof chipVariants> & {
    /** Style the child (a link) as the chip. */
    asChild?: boolean;
  }) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      data-slot="chip"
      {...(asChild ? {} : { type: "button" as const })}
      {...(pressed === undefined || pressed === null ? {} : { "aria-pressed": pressed })}
      className={cn(chipVariants({ size, pressed: pressed ?? false }), className)}
      {...props}
    />
  );
}
