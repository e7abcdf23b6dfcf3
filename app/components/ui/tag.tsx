import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const tagVariants = cva("inline-flex items-center gap-1.5 rounded-full [&_svg]:size-3.5", {
  variants: {
    tone: {
      neutral: "bg-shade-strong text-body",
      /** On a tinted background, where the neutral grey would disappear. */
      outline: "bg-surface text-body ring-1 ring-line ring-inset",
      accent: "bg-accent-wash text-accent-strong",
      success: "bg-ok-wash text-ok",
      /** On the dark bands: a faint outline keeps the pill visible on a photo or gradient. */
      inverse: "bg-white/10 text-white ring-1 ring-white/15 ring-inset",
    },
    size: {
      sm: "px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
      /** A list of technologies, where the tag is the content itself; a long name wraps on a narrow phone. */
      md: "px-3 py-1 text-sm font-medium",
    },
  },
  defaultVariants: { tone: "neutral", size: "sm" },
});

/**
 * A label that is not a control: a post's topic, an industry, an event's
 * format, a technology. The one tag style (issue 16, finding 8); a pill you
 * can press or follow is a Chip.
 */
export function Tag({
  className,
  tone,
  size,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof tagVariants>) {
  return <span data-slot="tag" className={cn(tagVariants({ tone, size }), className)} {...props} />;
}
