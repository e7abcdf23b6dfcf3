import { Icon } from "~/components/ui/icon";
import { Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { sectionTones } from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";
import { paths } from "~/config/paths";

/** The closing band's words, as content/pages/*.yaml give them (`cta`); each has a default. */
export type CallToActionCopy = { title?: ReactNode; lead?: string; action?: string };

const defaultCopy = {
  title: "Have a product to build or a platform to fix?",
  lead: "Tell us what you want to change and by when. A senior engineer replies within 1 business day.",
  action: "Start a project",
};

type CallToActionProps = SectionProps & {
  /** The band around the ink card: white, or muted after a white section. */
  tone?: "white" | "muted";
  copy?: CallToActionCopy;
  /** Where the button goes; the contact page unless a page pre-selects something. */
  href?: string;
};

/**
 * The closing invitation to get in touch that ends every page. Like a section
 * band, its content is a Suspense boundary, hydrated after the first screen
 * (app/components/sections/section.tsx, docs/decisions/072).
 */
export function CallToAction({
  id,
  className,
  tone = "white",
  copy = {},
  href = paths.contact,
}: CallToActionProps) {
  const title = copy.title ?? defaultCopy.title;
  const lead = copy.lead ?? defaultCopy.lead;
  const label = copy.action ?? defaultCopy.action;
  return (
    <section id={id} className={cn(sectionTones[tone], "py-14 md:py-24", className)}>
      <Suspense>
        <Container>
          <div className="marks relative overflow-hidden rounded-3xl bg-night px-6 py-9 text-white marks-hero sm:px-12 md:flex md:items-center md:justify-between md:gap-10 md:py-14">
            <div
              aria-hidden="true"
              className="absolute inset-y-0 right-0 w-2/3 bg-[radial-gradient(circle_at_100%_0%,rgb(224_82_42/0.35),transparent_55%)]"
            />
            <div className="relative max-w-xl">
              <h2 className="text-h2 font-semibold text-white">{title}</h2>
              <p className="mt-3 text-base leading-relaxed text-pretty text-mist md:text-lg">
                {lead}
              </p>
            </div>
            <Button asChild size="lg" className="relative mt-7 md:mt-0">
              <Link to={href}>
                {label}
                <Icon name="arrow-right" />
              </Link>
            </Button>
          </div>
        </Container>
      </Suspense>
    </section>
  );
}
