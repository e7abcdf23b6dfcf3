import { useId, type ReactNode } from "react";
import { productArtPath, productArtSize } from "~/config/art";
import { cn } from "~/lib/cn";
import type { OutcomeProduct } from "~/features/services/case-outcome";
import { Container } from "~/components/ui/container";
import type { SectionProps } from "~/components/sections/types";
import { HeroCopy, type HeroHeadingCopy } from "~/components/sections/page-hero";

type ServiceHeroProps = SectionProps & {
  /** The service's name as the page's one h1, its one-line promise as the lead. */
  heading: HeroHeadingCopy;
  actions?: ReactNode;
  /** The case the page's outcome section tells: its drawing and headline figure open the page. */
  proof: Pick<OutcomeProduct, "slug" | "name" | "client" | "headlineResult">;
};

/**
 * The ink band that opens a service page: the service's name as the h1, its
 * promise and actions; from lg up, beside them, the drawing of the case the
 * page tells and its headline figure. Short, so the overview starts on the
 * first screen, and each page's art is its own case's, not one orbit picture
 * with a different icon (issue 16, finding 4).
 */
export function ServiceHero({ id, className, heading, actions, proof }: ServiceHeroProps) {
  return (
    <section
      id={id}
      className={cn(
        "marks relative isolate overflow-hidden bg-night text-white marks-hero",
        className,
      )}
    >
      <HeroGrid />
      <Container className="grid items-center gap-10 py-12 sm:py-14 md:py-16 lg:grid-cols-12">
        <div className="lg:col-span-7">
          <HeroCopy heading={heading} actions={actions} />
        </div>
        <figure className="hidden overflow-hidden rounded-2xl border border-white/10 bg-night-800 lg:col-span-5 lg:block">
          <img
            src={productArtPath(proof.slug, "slice")}
            alt=""
            loading="lazy"
            width={productArtSize.width}
            height={productArtSize.height}
            className="block h-auto w-full"
          />
          <figcaption className="flex items-center gap-5 border-t border-white/10 px-6 py-5">
            <span className="text-4xl font-semibold tracking-tight text-white tabular-nums">
              {proof.headlineResult.value}
            </span>
            <span className="min-w-0 text-[15px] leading-snug">
              <span className="block font-medium text-white">{proof.headlineResult.label}</span>
              <span className="block text-mist-soft">
                {proof.name} for {proof.client}
              </span>
            </span>
          </figcaption>
        </figure>
      </Container>
    </section>
  );
}

/** The faint grid and glow behind the whole band. Decorative. */
function HeroGrid() {
  const id = useId();
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
        <pattern id={`${id}-grid`} width="48" height="48" patternUnits="userSpaceOnUse">
          <path d="M48 0H0v48" fill="none" stroke="rgb(255 255 255 / 0.05)" />
        </pattern>
        <radialGradient id={`${id}-glow`} cx="0.78" cy="0.45" r="0.55">
          <stop offset="0" stopColor="#e0522a" stopOpacity="0.4" />
          <stop offset="1" stopColor="#e0522a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1440" height="560" fill={`url(#${id}-grid)`} />
      <rect width="1440" height="560" fill={`url(#${id}-glow)`} />
    </svg>
  );
}
