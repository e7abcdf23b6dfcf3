import { Link } from "react-router";
import type { EventCardView } from "~/features/events/event-view";
import { EventCard } from "~/features/events/event-card";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";
import { paths } from "~/config/paths";

type UpcomingEventsProps = SectionProps & {
  heading: SectionHeadingCopy;
  /** Soonest first. */
  events: readonly EventCardView[];
};

/** The events page's first list: what is still to come, soonest first. */
export function UpcomingEvents({
  id = "upcoming",
  className,
  heading,
  events,
}: UpcomingEventsProps) {
  const headingId = `${id}-heading`;
  return (
    <SectionBand id={id} labelledBy={headingId} className={className}>
      <SectionHeading id={headingId} heading={heading} />
      {events.length > 0 ? (
        <ol className="mt-10 space-y-6 md:mt-12 md:space-y-8">
          {events.map((event) => (
            <li key={event.slug}>
              <EventCard event={event} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-10 max-w-2xl rounded-2xl border border-dashed border-line-strong p-6 text-lg leading-relaxed text-muted">
          Our next dates are being planned. Tell us which topics you would like us to cover and we
          will invite you first:{" "}
          <Link
            to={paths.contact}
            className="font-semibold text-accent-strong underline underline-offset-4"
          >
            register interest
          </Link>
          .
        </p>
      )}
    </SectionBand>
  );
}
