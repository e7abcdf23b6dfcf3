import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * Only the border fades on hover; text and background change at once. In
 * Chromium a button in a section drawn late (content-visibility: auto) was
 * sometimes styled first without the stylesheet, and a colour transition
 * from the browser's defaults ran for 200 ms: Lighthouse's axe caught the
 * browser's blue text mid-way (docs/decisions/072), and with the studio's
 * palette a primary button's white text on a background still fading in
 * from none (accessibility.spec).
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-[border-color] duration-200 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        // Indigo alone behind white text: the gradient would drop contrast below AA.
        primary: "bg-accent text-on-accent shadow-sm hover:bg-accent-strong",
        secondary:
          "border border-line-strong bg-surface text-ink hover:border-line-strong hover:bg-shade",
        inverse:
          "border border-white/25 bg-white/5 text-white hover:border-white/50 hover:bg-white/10",
        ghost: "text-mist-strong hover:bg-white/10 hover:text-white",
      },
      size: {
        sm: "h-9 px-4 text-sm",
        md: "h-11 px-6 text-[15px]",
        lg: "h-13 px-7 text-base",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, usually) with the button's styles. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
