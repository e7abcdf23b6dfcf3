import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** Centres content at the site's maximum width with the page gutters. */
export function Container({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="container"
      className={cn("mx-auto w-full max-w-[1200px] px-5 sm:px-8", className)}
      {...props}
    />
  );
}
