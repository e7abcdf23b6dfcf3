import { cn } from "~/lib/cn";

/**
 * A step's number in a circle, "01", "02": the one step marker for a service's
 * process, the home page's stages, a case study's approach, the contact page's
 * next steps and the values (issue 16, finding 8). Decorative: it sits in an
 * ordered list, which already says the position. One size everywhere, so a
 * step looks the same on every page (issue 30, item 6).
 */
export function StepNumber({
  number,
  className,
}: {
  /** 1-based. */
  number: number;
  /** Placement only (margin, position); the look is the component's. */
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      data-slot="step-number"
      className={cn(
        "grid size-9 shrink-0 place-items-center rounded-full bg-accent-wash text-sm font-semibold text-accent-strong tabular-nums ring-1 ring-accent/30 ring-inset",
        className,
      )}
    >
      {String(number).padStart(2, "0")}
    </span>
  );
}
