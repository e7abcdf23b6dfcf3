import type { EventTeaserView } from "~/features/events/event-view";
import { EventActions, EventFacts, EventTags, EventTitle } from "~/features/events/event-parts";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";
import { ArrowLink } from "~/components/ui/arrow-link";
import { eventPath, paths } from "~/config/paths";

type NextEventProps = SectionProps & {
  heading: SectionHeadingCopy;
  /** The next upcoming event (`nextEventAt` + `toEventTeaserView` in a loader), or none. */
  event: EventTeaserView | undefined;
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
      {event && <EventTeaser event={event} id={`${id}-${event.slug}`} />}
    </SectionBand>
  );
}

/**
 * The next event in short: its tags, title, when and where, the summary, who
 * speaks, and a link to its page for the agenda (issue 16: the full card's
 * agenda made this band two screens tall on a phone).
 */
function EventTeaser({ event, id }: { event: EventTeaserView; id: string }) {
  const titleId = `${id}-title`;
  return (
    <article
      id={id}
      aria-labelledby={titleId}
      className="mt-8 max-w-4xl rounded-2xl border border-line bg-surface p-5 sm:p-8 md:mt-12"
    >
      <EventTags event={event} />
      <EventTitle
        event={event}
        id={titleId}
        as="h3"
        className="mt-4 text-xl font-semibold sm:text-2xl"
      />
      <EventFacts event={event} className="mt-4" />
      <p className="mt-5 max-w-[70ch] leading-[1.6] text-muted">{event.lead}</p>
      <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-[15px] text-body">
        {event.speakers.length > 0 && (
          <span>
            With {event.speakers.map((speaker) => `${speaker.name}, ${speaker.role}`).join("; ")}
          </span>
        )}
        {event.hasAgenda && (
          <ArrowLink to={eventPath(event.slug)} aria-label={`See the agenda: ${event.title}`}>
            See the agenda
          </ArrowLink>
        )}
      </p>
      <EventActions event={event} className="mt-6" />
    </article>
  );
}
