import { eventCalendarPath, eventPath, paths } from "~/config/paths";
import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { eventKinds, formatLabel, type EventView } from "~/features/events/event-view";
import { cn } from "~/lib/cn";
import { Tag } from "~/components/ui/tag";
import { Button } from "~/components/ui/button";
import type { SectionProps } from "~/components/sections/types";
import { InitialsAvatar } from "~/components/ui/initials-avatar";
import { ArrowLink } from "~/components/ui/arrow-link";

export type EventCardProps = SectionProps & {
  event: EventView;
  /** h3 under a page's h2 (the events page); h2 where the card stands alone. */
  headingLevel?: "h2" | "h3";
  /**
   * `full` (the events page) shows the agenda and speakers beside the card;
   * `teaser` (home's next event) names the speakers in a line and links to
   * the event's page for the agenda, so the band stays short on a phone
   * (issue 16).
   */
  detail?: "full" | "teaser";
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
  detail = "full",
}: EventCardProps) {
  const teaser = detail === "teaser";
  const Heading = headingLevel;
  const SubHeading = headingLevel === "h2" ? "h3" : "h4";
  const titleId = `${id}-title`;
  return (
    <article
      id={id}
      aria-labelledby={titleId}
      className={cn(
        "rounded-2xl border border-slate-200 bg-white p-5 transition-[box-shadow,border-color] duration-200 hover:border-slate-300 hover:shadow-lg hover:shadow-slate-900/5 sm:p-8",
        !teaser && "lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,380px)] lg:gap-10",
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
          <p
            className={cn(
              "mt-5 max-w-[70ch] text-base leading-[1.6] text-slate-600",
              // Shortened on screen only: the whole text is read out, and the title links to it.
              teaser && "max-sm:line-clamp-4",
            )}
          >
            {event.summary}
          </p>
          {teaser && (
            <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-[15px] text-slate-700">
              {event.speakers.length > 0 && (
                <span>
                  With{" "}
                  {event.speakers.map((speaker) => `${speaker.name}, ${speaker.role}`).join("; ")}
                </span>
              )}
              {event.agenda.length > 0 && (
                <ArrowLink to={eventPath(event.slug)} aria-label={`See the agenda: ${event.title}`}>
                  See the agenda
                </ArrowLink>
              )}
            </p>
          )}
          <EventActions event={event} className={teaser ? "mt-6" : "mt-7"} />
        </div>
      </div>
      {!teaser && (
        <div className="mt-8 space-y-6 rounded-xl bg-slate-50 p-5 sm:p-6 lg:mt-0 lg:self-start">
          {event.agenda.length > 0 && <EventAgenda event={event} headingAs={SubHeading} />}
          {event.speakers.length > 0 && <EventSpeakers event={event} headingAs={SubHeading} />}
        </div>
      )}
    </article>
  );
}

/** The event's kind, its format (online, or in person and the city), and "Past event". */
/** The event's title as a heading, linking to its page; the card's accessible name. */
export function EventTitle({
  event,
  id,
  as: Heading,
  className,
}: {
  event: EventView;
  id: string;
  as: "h2" | "h3" | "h4";
  className?: string;
}) {
  return (
    <Heading id={id} className={className}>
      <Link
        to={eventPath(event.slug)}
        className="rounded-sm hover:text-accent-600 focus-visible:text-accent-600"
      >
        {event.title}
      </Link>
    </Heading>
  );
}

export function EventTags({ event, className }: { event: EventView; className?: string }) {
  const past = event.status === "past";
  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      {past && <Tag tone="neutral">Past event</Tag>}
      <Tag tone={past ? "neutral" : "accent"}>
        {event.format === "online" ? <Icon name="video" /> : <Icon name="map-pin" />}
        {formatLabel(event)}
      </Tag>
      <Tag tone="neutral">{eventKinds[event.kind]}</Tag>
    </div>
  );
}

const factSizes = {
  compact: "text-sm",
  regular: "text-[15px]",
  large: "text-base md:text-lg",
} as const;

/** When (in the event's zone) and where. */
export function EventFacts({
  event,
  className,
  size = "regular",
  inverse = false,
}: {
  event: EventView;
  className?: string;
  /**
   * Compact in the archive's cards (smaller, and the place shortened to the
   * city), large in the event page's hero.
   */
  size?: keyof typeof factSizes;
  inverse?: boolean;
}) {
  const compact = size === "compact";
  const place =
    event.format === "online"
      ? event.status === "upcoming"
        ? "Online, joining link sent when you register"
        : "Online"
      : [event.venue, event.address ?? event.city].filter(Boolean).join(", ");
  const iconClass = cn("mt-[0.2em] size-4 shrink-0", inverse ? "text-cyan-300" : "text-slate-400");
  // Spans, not a list: the facts also sit inside the page hero's lead paragraph.
  return (
    <span
      className={cn(
        "block space-y-1.5",
        factSizes[size],
        inverse ? "text-slate-200" : "text-slate-700",
        className,
      )}
    >
      <span className="flex gap-2.5">
        <Icon name="clock" className={iconClass} />
        <time dateTime={event.startsAt} className="font-medium">
          {event.when}
        </time>
      </span>
      {!(compact && event.format === "online") && (
        <span className="flex gap-2.5">
          {event.format === "online" ? (
            <Icon name="video" className={iconClass} />
          ) : (
            <Icon name="map-pin" className={iconClass} />
          )}
          <span>{compact && event.format === "in-person" ? event.city : place}</span>
        </span>
      )}
    </span>
  );
}

/**
 * "Register" to the event's sign-up page, or "Register interest" to the
 * contact page when it has none; and the calendar file. Past events take no
 * registration.
 */
export function EventActions({
  event,
  className,
  inverse = false,
}: {
  event: EventView;
  className?: string;
  inverse?: boolean;
}) {
  // Each card repeats these links, so their names carry the event's title.
  const named = (action: string) => ({ "aria-label": `${action}: ${event.title}` });
  return (
    <div
      className={cn("flex flex-wrap gap-3 [&>*]:grow max-sm:[&>*]:px-4 sm:[&>*]:grow-0", className)}
    >
      {event.status === "upcoming" &&
        (event.registrationUrl ? (
          <Button asChild>
            <a href={event.registrationUrl} {...named("Register")}>
              Register
              <Icon name="external-link" />
            </a>
          </Button>
        ) : (
          <Button asChild>
            <Link to={paths.contact} {...named("Register interest")}>
              Register interest
            </Link>
          </Button>
        ))}
      <Button asChild variant={inverse ? "inverse" : "secondary"}>
        <a href={eventCalendarPath(event.slug)} download {...named("Add to calendar")}>
          <Icon name="calendar-plus" />
          Add to calendar
        </a>
      </Button>
    </div>
  );
}

/** The running order, in the event's local time. */
export function EventAgenda({
  event,
  headingAs: Heading = "h4",
}: {
  event: EventView;
  headingAs?: "h2" | "h3" | "h4";
}) {
  return (
    <div>
      <Heading className="text-sm font-semibold tracking-[0.08em] text-slate-500 uppercase">
        Agenda
      </Heading>
      <ol className="mt-3 space-y-3">
        {event.agenda.map((slot) => (
          <li key={`${slot.time}-${slot.item}`} className="flex gap-4 text-[15px] leading-snug">
            <span className="w-12 shrink-0 font-semibold text-slate-900 tabular-nums">
              {slot.time}
            </span>
            <span className="text-slate-700">{slot.item}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Speakers with initials avatars. */
export function EventSpeakers({
  event,
  headingAs: Heading = "h4",
}: {
  event: EventView;
  headingAs?: "h2" | "h3" | "h4";
}) {
  return (
    <div>
      <Heading className="text-sm font-semibold tracking-[0.08em] text-slate-500 uppercase">
        {event.speakers.length === 1 ? "Speaker" : "Speakers"}
      </Heading>
      <ul className="mt-3 space-y-4">
        {event.speakers.map((speaker) => (
          <li key={speaker.name} className="flex items-center gap-3">
            <InitialsAvatar name={speaker.name} size="sm" />
            <div className="min-w-0 text-sm leading-snug">
              <p className="font-semibold text-slate-900">{speaker.name}</p>
              <p className="text-slate-600">
                {speaker.role}, {speaker.organisation}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The day as a tile: month, day, year, in the event's zone. Decorative: `when` says it in full. */
function DateTile({ event, className }: { event: EventView; className?: string }) {
  const past = event.status === "past";
  return (
    <div
      aria-hidden="true"
      className={cn(
        "w-[72px] shrink-0 self-start overflow-hidden rounded-xl border text-center",
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
