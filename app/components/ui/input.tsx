import { cva } from "class-variance-authority";
import { Icon } from "~/components/ui/icon";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * Text inputs, text areas and selects share one look: 1 px slate border, 12 px
 * radius, an accent border on focus and a red one while `aria-invalid` is set,
 * so the error state follows the accessible state and cannot drift from it.
 */
export const controlVariants = cva(
  "block w-full rounded-xl border border-line-strong bg-surface px-4 text-base text-ink shadow-xs transition-colors duration-150 placeholder:text-muted hover:border-line-strong focus-visible:border-accent aria-[invalid=true]:border-danger aria-[invalid=true]:bg-danger-wash/40",
  {
    variants: {
      kind: {
        input: "h-12",
        textarea: "min-h-40 resize-y py-3 leading-relaxed",
        select: "h-12 appearance-none pr-11",
      },
    },
    defaultVariants: { kind: "input" },
  },
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      className={cn(controlVariants({ kind: "input" }), className)}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(controlVariants({ kind: "textarea" }), className)}
      {...props}
    />
  );
}

/** The browser's own select (it works without JavaScript and on every device), restyled. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <div data-slot="select" className="relative">
      <select className={cn(controlVariants({ kind: "select" }), className)} {...props} />
      <Icon
        name="chevron-down"
        className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-muted"
      />
    </div>
  );
}

export function Checkbox({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        "mt-0.5 size-5 shrink-0 cursor-pointer rounded border-line-strong accent-accent aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-offset-2 aria-[invalid=true]:outline-danger",
        className,
      )}
      {...props}
    />
  );
}
