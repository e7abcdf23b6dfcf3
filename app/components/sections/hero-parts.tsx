import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

// The pieces every hero shares (the page band, a service's, the home page's),
// in a module of their own so the home page does not load the page band.

/** The line over a hero's h1, on the ink band. */
export function HeroEyebrow({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p className={cn("text-sm font-semibold tracking-[0.14em] text-cyan-300 uppercase", className)}>
      {children}
    </p>
  );
}

/**
 * A hero's calls to action: side by side where they fit (two fit at 390 px),
 * each filling its line once they wrap.
 */
export function HeroActions({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cn("flex flex-wrap gap-3 [&>*]:grow max-sm:[&>*]:px-5 sm:[&>*]:grow-0", className)}
    >
      {children}
    </div>
  );
}

/**
 * A page top's own panel beside the title (PageHero's `aside`): a small label
 * over what the page puts there, on a lighter pane of the ink band.
 */
export function HeroPanel({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("rounded-2xl border border-white/10 bg-white/5 p-5 sm:p-6", className)}>
      <p className="text-xs font-semibold tracking-[0.14em] text-slate-400 uppercase">{label}</p>
      <div className="mt-3">{children}</div>
    </div>
  );
}
