import { cn } from "~/lib/cn";
import type { EventCardProps } from "~/features/events/event-card";
import { EventFacts, EventTags, EventTitle } from "~/features/events/event-parts";

// Its own module: only the events page lists past events, so the home page's
// next-event card does not carry this one (issue 6).

/**
 * A past event, quieter: slate tones, no registration and no calendar file
 * (its date is past), speakers (or the agenda when there are none) in brief.
 */
export function PastEventCard({
  event,
  id = event.slug,
  className,
  headingLevel = "h3",
}: EventCardProps) {
  const Heading = headingLevel;
  const titleId = `${id}-title`;
  return (
    <article
      id={id}
      aria-labelledby={titleId}
      className={cn(
        "flex flex-col rounded-2xl border border-line bg-surface p-5 sm:p-6",
        className,
      )}
    >
      <EventTags event={event} />
      <EventTitle
        event={event}
        id={titleId}
        as={Heading}
        className="mt-4 text-lg font-semibold text-body"
      />
      <EventFacts event={event} className="mt-3" size="compact" />
      {/* Clamped: the archive is a reminder, the event's page has the full text. */}
      <p className="mt-4 line-clamp-4 text-[15px] leading-[1.6] text-muted">{event.summary}</p>
      {event.speakers.length > 0 ? (
        <p className="mt-4 text-sm leading-relaxed text-muted">
          <span className="font-semibold text-body">Speakers: </span>
          {event.speakers.map((speaker) => `${speaker.name} (${speaker.organisation})`).join(", ")}
        </p>
      ) : (
        <p className="mt-4 text-sm leading-relaxed text-muted">
          <span className="font-semibold text-body">Agenda: </span>
          {event.agenda.map((slot) => slot.item).join("; ")}
        </p>
      )}
    </article>
  );
}
