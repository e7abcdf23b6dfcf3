import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Container } from "~/components/ui/container";
import { HeroActions, HeroEyebrow } from "~/components/sections/hero-parts";
import type { SectionHeadingCopy } from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

/** A hero's copy: a section heading whose lead is required. */
export type HeroHeadingCopy = SectionHeadingCopy & { lead: ReactNode };

type HeroCopyProps = {
  heading: HeroHeadingCopy;
  actions?: ReactNode;
};

type PageHeroProps = SectionProps &
  HeroCopyProps & {
    /**
     * What this page's top shows beside its title, doing the page's own job
     * (issue 30: the lead case, the next event's date, the team, the fastest
     * reply). The lead then sits under the title.
     */
    aside?: ReactNode;
  };

/**
 * The ink band that opens a page: eyebrow and the page's one h1 on the left,
 * the lead and actions on the right from lg up, or under the title when the
 * page puts its own `aside` there. Short, so the page's own content starts
 * within the first screen (issue 16).
 */
export function PageHero({ id, className, heading, actions, aside }: PageHeroProps) {
  const { eyebrow, title, lead } = heading;
  const leadAndActions = (
    <>
      <p className="max-w-2xl text-base leading-relaxed text-pretty text-mist md:text-lg">{lead}</p>
      {actions && <HeroActions className="mt-6">{actions}</HeroActions>}
    </>
  );
  return (
    <section
      id={id}
      className={cn(
        "marks relative isolate overflow-hidden bg-night text-white marks-hero",
        className,
      )}
    >
      <HeroBackdrop />
      <Container
        className={cn(
          "grid py-8 sm:py-12 md:py-14 lg:grid-cols-12 lg:gap-12",
          aside ? "gap-8 lg:items-center" : "gap-5 lg:items-end",
        )}
      >
        <div className="lg:col-span-7">
          {eyebrow && <HeroEyebrow className="mb-3">{eyebrow}</HeroEyebrow>}
          <h1 className="text-h1 font-semibold text-balance text-white">{title}</h1>
          {aside && <div className="mt-5">{leadAndActions}</div>}
        </div>
        {/* Below lg its content is the grid's own item: an aside shown only
            from lg (the contact page's) leaves no gap on a phone. */}
        <div
          className={cn(
            "lg:col-span-5",
            aside ? "max-lg:contents" : "lg:border-l lg:border-white/10 lg:pl-8",
          )}
        >
          {aside ?? leadAndActions}
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
      {eyebrow && <HeroEyebrow className="mb-4">{eyebrow}</HeroEyebrow>}
      <h1 className="text-h1 font-semibold text-white">{title}</h1>
      <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-mist md:text-xl">
        {lead}
      </p>
      {actions && <HeroActions className="mt-9">{actions}</HeroActions>}
    </>
  );
}

/** A faint grid with a glow at its right edge. Decorative. */
function HeroBackdrop() {
  return (
    <svg
      aria-hidden="true"
      className="absolute inset-0 -z-10 h-full w-full"
      preserveAspectRatio="xMidYMid slice"
      viewBox="0 0 1440 320"
      width="1440"
      height="320"
    >
      <defs>
        <pattern id="hero-grid" width="48" height="48" patternUnits="userSpaceOnUse">
          <path d="M48 0H0v48" fill="none" stroke="rgb(255 255 255 / 0.05)" />
        </pattern>
        <radialGradient id="hero-glow" cx="0.85" cy="0.1" r="0.7">
          <stop offset="0" stopColor="#e0522a" stopOpacity="0.4" />
          <stop offset="1" stopColor="#e0522a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1440" height="320" fill="url(#hero-grid)" />
      <rect width="1440" height="320" fill="url(#hero-glow)" />
    </svg>
  );
}
