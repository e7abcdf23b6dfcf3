import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * The site's card: 1 px slate border, 16 px radius, a soft shadow on hover only
 * (design brief, "Layout"). Interactive cards pass `interactive`.
 */
export function Card({
  className,
  interactive = false,
  ...props
}: ComponentProps<"div"> & { interactive?: boolean }) {
  return (
    <div
      data-slot="card"
      className={cn(
        "rounded-2xl border border-line bg-surface",
        interactive &&
          "transition-[box-shadow,border-color] duration-200 hover:border-line-strong hover:shadow-lg hover:shadow-night/5",
        className,
      )}
      {...props}
    />
  );
}
