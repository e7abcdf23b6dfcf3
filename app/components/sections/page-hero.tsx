import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Container } from "~/components/ui/container";
import type { SectionHeadingCopy } from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

/** A hero's copy: a section heading whose lead is required. */
export type HeroHeadingCopy = SectionHeadingCopy & { lead: ReactNode };

type HeroCopyProps = {
  heading: HeroHeadingCopy;
  actions?: ReactNode;
};

/** The ink band that opens every page: eyebrow, the page's one h1, a lead, actions. */
export function PageHero({ id, className, heading, actions }: SectionProps & HeroCopyProps) {
  return (
    <section
      id={id}
      className={cn("relative isolate overflow-hidden bg-ink text-white", className)}
    >
      <HeroBackdrop />
      <Container className="py-16 sm:py-20 md:py-28">
        <div className="max-w-3xl">
          <HeroCopy heading={heading} actions={actions} />
        </div>
      </Container>
    </section>
  );
}

/**
 * The words of a hero on the ink band: eyebrow, the page's one h1, the lead and
 * its actions (full width on phones). Every hero uses it, so they read alike.
 */
export function HeroCopy({ heading: { eyebrow, title, lead }, actions }: HeroCopyProps) {
  return (
    <>
      {eyebrow && (
        <p className="mb-4 text-sm font-semibold tracking-[0.14em] text-cyan-300 uppercase">
          {eyebrow}
        </p>
      )}
      <h1 className="text-4xl leading-[1.1] font-semibold text-white sm:text-5xl md:text-6xl">
        {title}
      </h1>
      <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-slate-300 md:text-xl">
        {lead}
      </p>
      {actions && (
        <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap [&>*]:w-full sm:[&>*]:w-auto">
          {actions}
        </div>
      )}
    </>
  );
}

/** Abstract art drawn in code: a faint grid and two soft orbits. Decorative. */
function HeroBackdrop() {
  return (
    <svg
      aria-hidden="true"
      className="absolute inset-0 -z-10 h-full w-full"
      preserveAspectRatio="xMidYMid slice"
      viewBox="0 0 1440 560"
      width="1440"
      height="560"
    >
      <defs>
        <pattern id="hero-grid" width="48" height="48" patternUnits="userSpaceOnUse">
          <path d="M48 0H0v48" fill="none" stroke="rgb(255 255 255 / 0.05)" />
        </pattern>
        <radialGradient id="hero-glow" cx="0.8" cy="0.2" r="0.6">
          <stop offset="0" stopColor="#4f46e5" stopOpacity="0.45" />
          <stop offset="1" stopColor="#4f46e5" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1440" height="560" fill="url(#hero-grid)" />
      <rect width="1440" height="560" fill="url(#hero-glow)" />
      <circle cx="1180" cy="120" r="210" fill="none" stroke="rgb(103 232 249 / 0.18)" />
      <circle cx="1180" cy="120" r="330" fill="none" stroke="rgb(165 180 252 / 0.12)" />
      <circle cx="1390" cy="120" r="6" fill="#22d3ee" opacity="0.7" />
    </svg>
  );
}
