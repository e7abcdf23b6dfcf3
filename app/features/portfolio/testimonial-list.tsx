import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { productPath } from "~/config/paths";
import type { Testimonial } from "~/features/portfolio/testimonials.server";
import { cn } from "~/lib/cn";
import { InitialsAvatar } from "~/components/ui/initials-avatar";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

export type TestimonialItem = Pick<
  Testimonial,
  "quote" | "name" | "role" | "company" | "product"
> & {
  productName: string;
};

type TestimonialListProps = SectionProps & {
  heading: SectionHeadingCopy;
  testimonials: readonly TestimonialItem[];
  tone?: SectionTone;
};

/**
 * Client quotes as cards, each naming its author and linking to the product's
 * case study. A phone shows the first, the lead quote, alone: three stacked
 * quotes were a screen and a half, and a sideways row hid two of them
 * anyway (issue 30). From sm up, all of them; on a tablet the third spans
 * the row under the first two, so no card stands alone.
 */
export function TestimonialList({
  id,
  className,
  heading,
  testimonials,
  tone = "white",
}: TestimonialListProps) {
  const headingId = `${id ?? "testimonials"}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} />
      <ul className="mt-8 grid gap-5 sm:mt-12 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
        {testimonials.map((testimonial, index) => (
          <li
            key={testimonial.name}
            className={cn(
              index > 0 && "max-sm:hidden",
              index === 2 && testimonials.length === 3 && "sm:max-lg:col-span-2",
            )}
          >
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
    </SectionBand>
  );
}

export function TestimonialCard({
  testimonial,
  showProductLink = true,
  stretch = true,
  className,
}: {
  testimonial: TestimonialItem;
  showProductLink?: boolean;
  /** Fills its grid cell's height, so the cards of a row line up. */
  stretch?: boolean;
  className?: string;
}) {
  return (
    <figure
      className={cn(
        "flex flex-col rounded-2xl border border-line bg-surface p-5 sm:p-7 md:p-8",
        stretch && "h-full",
        className,
      )}
    >
      <Icon
        name="quote"
        className="size-7 fill-accent-wash text-accent sm:size-8"
        strokeWidth={1.5}
      />
      <blockquote className="mt-4 text-base leading-relaxed text-pretty text-body sm:mt-5 sm:text-lg">
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className="mt-auto flex items-center gap-4 pt-5 sm:pt-7">
        <InitialsAvatar name={testimonial.name} size="sm" />
        <div className="min-w-0 text-[15px] leading-snug">
          <p className="font-semibold text-ink">{testimonial.name}</p>
          <p className="text-muted">
            {testimonial.role}, {testimonial.company}
          </p>
        </div>
      </figcaption>
      {showProductLink && (
        <p className="mt-5 border-t border-line pt-4 sm:mt-6 sm:pt-5">
          <Link
            to={productPath(testimonial.product)}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:text-accent-strong"
          >
            {testimonial.productName} case study
            <Icon name="arrow-right" className="size-4" />
          </Link>
        </p>
      )}
    </figure>
  );
}
