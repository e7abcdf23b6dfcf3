import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const badgeVariants = cva(
  "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5",
  {
    variants: {
      tone: {
        neutral: "bg-slate-100 text-slate-700",
        /** On a tinted background, where the neutral grey would disappear. */
        outline: "bg-white text-slate-700 ring-1 ring-slate-200",
        accent: "bg-indigo-50 text-accent-600",
        success: "bg-emerald-50 text-emerald-800",
        inverse: "bg-white/10 text-white",
      },
    },
    defaultVariants: { tone: "neutral" },
  },
);

/** A small label: a tag, an industry, an event's format. */
export function Badge({
  className,
  tone,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props} />;
}
