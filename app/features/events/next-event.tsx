import type { EventView } from "~/features/events/event-view";
import { EventCard } from "~/features/events/event-card";
import { SectionBand, SectionHeading, type SectionTone } from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";
import { ArrowLink } from "~/components/ui/arrow-link";
import { paths } from "~/config/paths";

type NextEventProps = SectionProps & {
  /** The next upcoming event (`nextEventAt` + `toEventView` in a loader), or none. */
  event: EventView | undefined;
  tone?: SectionTone;
};

/**
 * The home page's "next event" band: one event card and a link to all
 * events. With nothing scheduled it points to the events page instead.
 */
export function NextEvent({ id = "next-event", className, event, tone = "muted" }: NextEventProps) {
  const headingId = `${id}-heading`;
  return (
    <SectionBand id={id} tone={tone} labelledBy={headingId} className={className}>
      <SectionHeading
        id={headingId}
        heading={{
          eyebrow: "Events",
          title: "Meet us at our next event",
          lead: event
            ? undefined
            : "We run round tables, workshops and meet-ups in London, Lisbon and online. See what we have presented and what is coming up.",
        }}
        actions={<ArrowLink to={paths.events}>All events</ArrowLink>}
      />
      {event && <EventCard event={event} id={`${id}-${event.slug}`} className="mt-10 md:mt-12" />}
    </SectionBand>
  );
}
