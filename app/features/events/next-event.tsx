import type { EventView } from "~/features/events/event-view";
import { EventCard } from "~/features/events/event-card";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";
import { ArrowLink } from "~/components/ui/arrow-link";
import { paths } from "~/config/paths";

type NextEventProps = SectionProps & {
  heading: SectionHeadingCopy;
  /** The next upcoming event (`nextEventAt` + `toEventView` in a loader), or none. */
  event: EventView | undefined;
  tone?: SectionTone;
};

/**
 * The home page's "next event" band: one event card and a link to all
 * events. With nothing scheduled it points to the events page instead.
 */
export function NextEvent({
  id = "next-event",
  className,
  heading,
  event,
  tone = "muted",
}: NextEventProps) {
  const headingId = `${id}-heading`;
  return (
    <SectionBand id={id} tone={tone} labelledBy={headingId} className={className}>
      <SectionHeading
        id={headingId}
        heading={heading}
        actions={<ArrowLink to={paths.events}>All events</ArrowLink>}
      />
      {event && (
        <EventCard
          event={event}
          id={`${id}-${event.slug}`}
          detail="teaser"
          className="mt-8 md:mt-12"
        />
      )}
    </SectionBand>
  );
}
