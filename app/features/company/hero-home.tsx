import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { homeHeroArt, productArtSize } from "~/config/art";
import { cn } from "~/lib/cn";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import type { HeroHeadingCopy } from "~/components/sections/page-hero";
import { HeroActions, HeroEyebrow } from "~/components/sections/hero-parts";
import type { SectionProps } from "~/components/sections/types";

type Action = { label: string; href: string };

type HeroHomeProps = SectionProps & {
  heading: HeroHeadingCopy;
  primaryAction: Action;
  secondaryAction: Action;
  highlights?: readonly string[];
  /** Two products' own screens, linking to their cases: the claim's evidence. */
  proof: readonly { href: string; art: string; alt: string }[];
};

/**
 * The Home page's opening band: the page's h1, two calls to action and, from
 * lg, the screens of the two products its lead names (their own art files),
 * over a backdrop drawn on the server (app/features/company/home-hero-art.server.tsx).
 */
export function HeroHome({
  id,
  className,
  heading: { eyebrow, title, lead },
  primaryAction,
  secondaryAction,
  highlights = [],
  proof,
}: HeroHomeProps) {
  return (
    <section
      id={id}
      aria-labelledby="home-hero-heading"
      className={cn(
        "marks relative isolate overflow-hidden bg-night text-white marks-hero",
        className,
      )}
    >
      {/* A faint grid and a soft vermilion glow behind the hero. */}
      <img
        src={homeHeroArt.backdrop.path}
        alt=""
        // On the first screen, so not lazy; low, so React does not preload it
        // ahead of the stylesheet (every other image on the site is lazy).
        fetchPriority="low"
        width={homeHeroArt.backdrop.width}
        height={homeHeroArt.backdrop.height}
        className="absolute inset-0 -z-10 h-full w-full"
      />
      <Container className="grid items-center gap-12 py-12 sm:py-20 md:py-24 lg:grid-cols-12 lg:py-28">
        <div className="lg:col-span-7">
          {eyebrow && <HeroEyebrow className="mb-4">{eyebrow}</HeroEyebrow>}
          <h1 id="home-hero-heading" className="text-display font-semibold text-white">
            {title}
          </h1>
          <p className="mt-5 max-w-2xl text-base leading-relaxed text-pretty text-mist sm:text-lg md:mt-6 md:text-xl">
            {lead}
          </p>
          <HeroActions className="mt-8">
            <Button asChild size="lg">
              <Link to={primaryAction.href}>
                {primaryAction.label}
                <Icon name="arrow-right" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="inverse">
              <Link to={secondaryAction.href}>{secondaryAction.label}</Link>
            </Button>
          </HeroActions>
          {highlights.length > 0 && (
            // One per line on a phone: in a wrapped row, whether two fitted on
            // the first line hung on 0.1 px with Inter and failed with the
            // fallback face, so the font's swap moved the page below.
            <ul className="mt-7 flex flex-col gap-y-2 text-sm text-mist sm:mt-10 sm:flex-row sm:flex-wrap sm:gap-x-6 sm:text-[15px] lg:text-sm">
              {highlights.map((highlight) => (
                <li key={highlight} className="flex items-center gap-1.5 sm:gap-2">
                  <Icon name="check" className="size-3.5 shrink-0 text-signal sm:size-4" />
                  {highlight}
                </li>
              ))}
            </ul>
          )}
        </div>
        <ul className="hidden lg:col-span-5 lg:block" aria-label="Two of the products behind it">
          {/* The products the lead names, as their own screens, one over the other. */}
          {proof.map(({ href, art, alt }, index) => (
            <li key={href} className={index === 0 ? "mr-10" : "-mt-8 ml-14"}>
              <Link
                to={href}
                className="block overflow-hidden rounded-xl shadow-2xl ring-1 shadow-black/40 ring-white/10"
              >
                <img
                  src={art}
                  alt={alt}
                  loading="lazy"
                  fetchPriority="low"
                  width={productArtSize.width}
                  height={productArtSize.height}
                  className="h-auto w-full"
                />
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
