import type { EventCardView } from "~/features/events/event-view";
import { DateTile } from "~/features/events/event-card";
import { HeroPanel } from "~/components/sections/hero-parts";
import { ArrowLink } from "~/components/ui/arrow-link";
import { eventPath } from "~/config/paths";

/** The events page's top: when and where the next event is, and the way to a place at it. */
export function NextEventDate({ event }: { event: EventCardView }) {
  const place =
    event.format === "online" ? "Online" : [event.venue, event.city].filter(Boolean).join(", ");
  const opensHere = event.registration.at === "site" && event.registration.open;
  return (
    <HeroPanel label="Next event">
      <div className="flex gap-4">
        <DateTile event={event} />
        <div className="min-w-0">
          <p className="text-lg leading-snug font-semibold text-balance text-white">
            {event.title}
          </p>
          <p className="mt-2 text-slate-300">
            <time dateTime={event.startsAt}>{event.when}</time>
          </p>
          <p className="text-slate-400">{place}</p>
          <ArrowLink
            to={eventPath(event.slug)}
            aria-label={`${opensHere ? "Register" : "See the event"}: ${event.title}`}
            tone="inverse"
            className="mt-4"
          >
            {opensHere ? "Register" : "See the event"}
          </ArrowLink>
        </div>
      </div>
    </HeroPanel>
  );
}
