import { cn } from "~/lib/cn";

const sizes = { sm: "size-9 text-sm", md: "size-11 text-sm" } as const;

/**
 * A step's number in a circle, "01", "02": the one step marker for a service's
 * process, the home page's stages, a case study's approach, the contact page's
 * next steps and the values (issue 16, finding 8). Decorative: it sits in an
 * ordered list, which already says the position.
 */
export function StepNumber({
  number,
  size = "sm",
  className,
}: {
  /** 1-based. */
  number: number;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      data-slot="step-number"
      className={cn(
        "grid shrink-0 place-items-center rounded-full bg-indigo-50 font-semibold text-accent-600 tabular-nums ring-1 ring-indigo-200 ring-inset",
        sizes[size],
        className,
      )}
    >
      {String(number).padStart(2, "0")}
    </span>
  );
}
