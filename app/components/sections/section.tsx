import { Suspense, type ComponentProps, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Container } from "~/components/ui/container";
import type { SectionProps } from "~/components/sections/types";

/** Background of a band; `muted` sets a band apart from its white neighbours. */
export const sectionTones = {
  white: "bg-surface",
  muted: "bg-shade",
  ink: "bg-night text-mist",
} as const;

export type SectionTone = keyof typeof sectionTones;

type SectionBandProps = SectionProps & {
  tone?: SectionTone;
  /** Labels the section by its heading's id, so it is a named landmark region. */
  labelledBy?: string;
  children: ReactNode;
};

/**
 * A full-width band of a page with the brief's vertical rhythm (56 px on
 * phones, 96 px from md up) and the site's content width. Every page section
 * is built on it, so spacing stays one decision.
 *
 * Its content sits in a Suspense boundary, though nothing in it suspends: the
 * server sends it in place (app/entry.server.tsx), and in the browser React
 * hydrates each boundary apart from the page, in slices of a few
 * milliseconds, after the header and its menus. Hydrated in one pass, a long
 * page held the phone's main thread for 30-45 ms at a time (docs/decisions/062).
 */
export function SectionBand({
  id,
  className,
  tone = "white",
  labelledBy,
  children,
}: SectionBandProps) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={cn(sectionTones[tone], "py-14 md:py-24", className)}
    >
      <Suspense>
        <Container>{children}</Container>
      </Suspense>
    </section>
  );
}

/**
 * The copy that opens a section: an optional eyebrow, the heading and an
 * optional lead. A page's content passes its `sectionCopy` object as it is.
 */
export type SectionHeadingCopy = {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
};

type SectionHeadingProps = {
  /** The heading's id, for the band's aria-labelledby. */
  id?: string;
  heading: SectionHeadingCopy;
  align?: "start" | "center";
  /** On an ink band the heading turns white. */
  inverse?: boolean;
  /** Heading level: h2 for page sections, h1 only where a section opens the page. */
  as?: "h1" | "h2";
  className?: string;
  actions?: ReactNode;
};

/** The eyebrow, heading and lead that open a section. */
export function SectionHeading({
  id,
  heading: { eyebrow, title, lead },
  align = "start",
  inverse = false,
  as: Heading = "h2",
  className,
  actions,
}: SectionHeadingProps) {
  return (
    <div
      className={cn(
        "max-w-3xl",
        align === "center" && "mx-auto text-center",
        actions && "md:flex md:max-w-none md:items-end md:justify-between md:gap-10",
        className,
      )}
    >
      <div className={cn(actions && "max-w-3xl")}>
        {eyebrow && (
          <p
            className={cn(
              "mb-2 text-sm font-semibold tracking-[0.14em] uppercase sm:mb-3",
              inverse ? "text-signal" : "text-accent",
            )}
          >
            {eyebrow}
          </p>
        )}
        <Heading id={id} className={cn("text-h2 font-semibold", inverse && "text-white")}>
          {title}
        </Heading>
        {lead && (
          <p
            className={cn(
              "mt-3 text-base leading-relaxed text-pretty sm:mt-4 sm:text-lg",
              inverse ? "text-mist" : "text-muted",
            )}
          >
            {lead}
          </p>
        )}
      </div>
      {actions && <div className="mt-4 shrink-0 sm:mt-6 md:mt-0">{actions}</div>}
    </div>
  );
}

/** Body copy with the brief's 1.6 line height and a readable measure (~70 characters). */
export function Prose({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("max-w-[70ch] space-y-4 text-lg leading-[1.6] text-muted", className)}
      {...props}
    />
  );
}
