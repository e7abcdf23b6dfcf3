import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * A button that stays pressed (aria-pressed), for filters: Enter and Space
 * toggle it like any button, and assistive technology reads its state.
 */
export function ToggleButton({
  pressed,
  className,
  ...props
}: Omit<ComponentProps<"button">, "aria-pressed"> & { pressed: boolean }) {
  return (
    <button
      type="button"
      data-slot="toggle-button"
      aria-pressed={pressed}
      className={cn(
        "inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors duration-150",
        pressed
          ? "border-ink bg-ink text-white"
          : "border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:text-slate-950",
        className,
      )}
      {...props}
    />
  );
}
