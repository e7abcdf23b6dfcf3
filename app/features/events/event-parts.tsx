import { eventCalendarPath, eventPath, eventRegistrationPath, paths } from "~/config/paths";
import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { eventKinds, formatLabel, type EventBasics } from "~/features/events/event-view";
import { cn } from "~/lib/cn";
import { Tag } from "~/components/ui/tag";
import { Button } from "~/components/ui/button";

// The parts every event card shares: the events page's full card, the past
// events' quieter one, an event's own page and the home page's teaser. A
// module of their own, so the teaser does not carry the agenda and speakers.

/** The event's title as a heading, linking to its page; the card's accessible name. */
export function EventTitle({
  event,
  id,
  as: Heading,
  className,
}: {
  event: EventBasics;
  id: string;
  as: "h2" | "h3" | "h4";
  className?: string;
}) {
  return (
    <Heading id={id} className={className}>
      <Link
        to={eventPath(event.slug)}
        className="rounded-sm hover:text-accent-strong focus-visible:text-accent-strong"
      >
        {event.title}
      </Link>
    </Heading>
  );
}

/** The event's kind, its format (online, or in person and the city), and "Past event". */
export function EventTags({ event, className }: { event: EventBasics; className?: string }) {
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
  event: EventBasics;
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
        ? "Online, joining link sent by e-mail to registered guests"
        : "Online"
      : [event.venue, event.address ?? event.city].filter(Boolean).join(", ");
  const iconClass = cn("mt-[0.2em] size-4 shrink-0", inverse ? "text-signal" : "text-faint");
  // Spans, not a list: the facts also sit inside the page hero's lead paragraph.
  return (
    <span
      className={cn(
        "block space-y-1.5",
        factSizes[size],
        inverse ? "text-mist-strong" : "text-body",
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
 * "Register" to the form on the event's page (or to a partner's sign-up page
 * when a partner runs the registration), "Register interest" to the contact
 * page once registration has closed; and the calendar file while the event is
 * still to come. Past events take no registration.
 */
export function EventActions({
  event,
  className,
  inverse = false,
  registerLabel = "Register",
}: {
  event: EventBasics;
  className?: string;
  inverse?: boolean;
  /** The event's page says "Join the waiting list" when every place is taken. */
  registerLabel?: string;
}) {
  // Each card repeats these links, so their names carry the event's title.
  const named = (action: string) => ({ "aria-label": `${action}: ${event.title}` });
  const { registration } = event;
  return (
    <div
      className={cn("flex flex-wrap gap-3 [&>*]:grow max-sm:[&>*]:px-4 sm:[&>*]:grow-0", className)}
    >
      {registration.at === "partner" && (
        <Button asChild>
          <a href={registration.url} {...named("Register")}>
            Register
            <Icon name="external-link" />
          </a>
        </Button>
      )}
      {registration.at === "site" && (
        <Button asChild>
          {registration.open ? (
            <Link to={eventRegistrationPath(event.slug)} {...named(registerLabel)}>
              {registerLabel}
              <Icon name="arrow-right" />
            </Link>
          ) : (
            <Link to={paths.contact} {...named("Register interest")}>
              Register interest
            </Link>
          )}
        </Button>
      )}
      {/* A past event's date is no longer one to keep (issue 30). */}
      {event.status === "upcoming" && (
        <Button asChild variant={inverse ? "inverse" : "secondary"}>
          <a href={eventCalendarPath(event.slug)} download {...named("Add to calendar")}>
            <Icon name="calendar-plus" />
            Add to calendar
          </a>
        </Button>
      )}
    </div>
  );
}
