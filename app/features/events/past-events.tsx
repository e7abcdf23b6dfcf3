import type { EventCardView } from "~/features/events/event-view";
import { PastEventCard } from "~/features/events/past-event-card";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type PastEventsProps = SectionProps & {
  heading: SectionHeadingCopy;
  /** Newest first. */
  events: readonly EventCardView[];
};

/** The events page's second list: what has already happened, newest first, in quieter cards. */
export function PastEvents({ id = "past", className, heading, events }: PastEventsProps) {
  if (events.length === 0) return null;
  const headingId = `${id}-heading`;
  return (
    <SectionBand id={id} tone="muted" labelledBy={headingId} className={className}>
      <SectionHeading id={headingId} heading={heading} />
      <ol className="mt-10 grid gap-5 md:mt-12 md:grid-cols-2 lg:grid-cols-3">
        {events.map((event) => (
          <li key={event.slug} className="flex">
            <PastEventCard event={event} className="w-full" />
          </li>
        ))}
      </ol>
    </SectionBand>
  );
}
