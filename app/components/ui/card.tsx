import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * The site's card: 1 px border, 16 px radius, the crop marks of the site's
 * motif, a soft shadow on hover only (design brief, "Layout"). Interactive
 * cards pass `interactive`: they rise and draw their marks out (`lift`, app/app.css).
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
        "marks rounded-2xl border border-line bg-surface",
        interactive && "lift hover:border-line-strong hover:shadow-lg hover:shadow-night/5",
        className,
      )}
      {...props}
    />
  );
}
