import type { EventCardView } from "~/features/events/event-view";
import { cn } from "~/lib/cn";
import type { SectionProps } from "~/components/sections/types";
import { EventActions, EventFacts, EventTags, EventTitle } from "~/features/events/event-parts";
import { EventAgenda, EventSpeakers } from "~/features/events/event-programme";

export type EventCardProps = SectionProps & {
  event: EventCardView;
  /** h3 under a page's h2 (the events page); h2 where the card stands alone. */
  headingLevel?: "h2" | "h3";
};

/**
 * One event as a card: date tile, kind and format, title (linking to the
 * event's page), date and time in the event's zone, place, summary, agenda
 * and speakers, then "Register" (or "Register interest") and "Add to
 * calendar". A past event gets the quieter `PastEventCard` (past-event-card.tsx).
 * The id defaults to the slug, so /events#<slug> lands on it.
 */
export function EventCard({
  event,
  id = event.slug,
  className,
  headingLevel = "h3",
}: EventCardProps) {
  const Heading = headingLevel;
  const SubHeading = headingLevel === "h2" ? "h3" : "h4";
  const titleId = `${id}-title`;
  return (
    <article
      id={id}
      aria-labelledby={titleId}
      className={cn(
        "rounded-2xl border border-slate-200 bg-white p-5 transition-[box-shadow,border-color] duration-200 hover:border-slate-300 hover:shadow-lg hover:shadow-slate-900/5 sm:p-8 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,380px)] lg:gap-10",
        className,
      )}
    >
      <div className="flex gap-5 sm:gap-6">
        <DateTile event={event} className="hidden sm:block" />
        <div className="min-w-0 flex-1">
          <EventTags event={event} />
          <EventTitle
            event={event}
            id={titleId}
            as={Heading}
            className="mt-4 text-xl font-semibold sm:text-2xl"
          />
          <EventFacts event={event} className="mt-4" />
          <p className="mt-5 max-w-[70ch] text-base leading-[1.6] text-slate-600">
            {event.summary}
          </p>
          <EventActions event={event} className="mt-7" />
        </div>
      </div>
      <div className="mt-8 space-y-6 rounded-xl bg-slate-50 p-5 sm:p-6 lg:mt-0 lg:self-start">
        {event.agenda.length > 0 && <EventAgenda event={event} headingAs={SubHeading} />}
        {event.speakers.length > 0 && <EventSpeakers event={event} headingAs={SubHeading} />}
      </div>
    </article>
  );
}

/** The day as a tile: month, day, year, in the event's zone. Decorative: `when` says it in full. */
export function DateTile({ event, className }: { event: EventCardView; className?: string }) {
  const past = event.status === "past";
  return (
    <div
      aria-hidden="true"
      className={cn(
        "w-[72px] shrink-0 self-start overflow-hidden rounded-xl border bg-white text-center",
        past ? "border-slate-200" : "border-indigo-100",
        className,
      )}
    >
      <span
        className={cn(
          "block py-1 text-xs font-semibold tracking-[0.12em] uppercase",
          past ? "bg-slate-100 text-slate-600" : "bg-accent text-white",
        )}
      >
        {event.day.month}
      </span>
      <span className="block pt-1.5 text-3xl leading-none font-semibold text-slate-950">
        {event.day.day}
      </span>
      <span className="block pt-1 pb-2 text-xs font-medium text-slate-500">{event.day.year}</span>
    </div>
  );
}
