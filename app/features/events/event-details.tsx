import { servicePath, paths, sectionPath } from "~/config/paths";
import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import type { EventView } from "~/features/events/event-view";
import { findService } from "~/config/services";
import { IconTile } from "~/components/ui/icon-tile";
import { Tag } from "~/components/ui/tag";
import { Container } from "~/components/ui/container";
import { EventAgenda, EventSpeakers } from "~/features/events/event-programme";
import { EventTags } from "~/features/events/event-parts";
import type { SectionProps } from "~/components/sections/types";
import { ArrowLink } from "~/components/ui/arrow-link";

type EventDetailsProps = SectionProps & { event: EventView };

/**
 * The body of an event's page: what it is about, its tags and related
 * services beside the agenda and the speakers.
 */
export function EventDetails({ id = "details", className, event }: EventDetailsProps) {
  const services = event.services.map((service) => ({
    ...service,
    icon: findService(service.id)?.icon ?? "compass",
  }));
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={className}>
      {/* No bottom padding: the closing call to action on the same white brings its own. */}
      <Container className="pt-16 md:pt-24">
        {/* Source order is the phone's reading order: about, agenda and speakers, related services. */}
        <div className="grid gap-12 lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-x-16">
          <div className="lg:col-start-1 lg:row-start-1">
            <EventTags event={event} />
            <h2 id={`${id}-heading`} className="mt-5 text-h2 font-semibold">
              About this event
            </h2>
            <p className="mt-5 max-w-[70ch] text-lg leading-[1.6] text-muted">{event.summary}</p>
            {event.format === "in-person" && (
              <p className="mt-6 text-base leading-relaxed text-body">
                <span className="font-semibold text-ink">Where: </span>
                {[event.venue, event.address ?? event.city].filter(Boolean).join(", ")}
              </p>
            )}
            {event.tags.length > 0 && (
              <ul className="mt-6 flex flex-wrap gap-2" aria-label="Topics">
                {event.tags.map((tag) => (
                  <li key={tag}>
                    <Tag tone="neutral">{tag}</Tag>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="space-y-8 self-start rounded-2xl border border-line bg-shade p-6 sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            {event.agenda.length > 0 && <EventAgenda event={event} headingAs="h2" />}
            {event.speakers.length > 0 && <EventSpeakers event={event} headingAs="h2" />}
          </div>
          <div className="lg:col-start-1 lg:row-start-2">
            <h2 className="text-xl font-semibold">Related services</h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {services.map((service) => (
                <li key={service.id}>
                  <Link
                    to={servicePath(service.id)}
                    className="group flex items-center gap-3 rounded-xl border border-line px-4 py-3 font-medium text-body transition-colors duration-150 hover:border-line-strong hover:bg-shade"
                  >
                    <IconTile icon={service.icon} />
                    <span className="flex-1">{service.name}</span>
                    <Icon
                      name="arrow-right"
                      className="size-4 text-faint group-hover:text-accent"
                    />
                  </Link>
                </li>
              ))}
            </ul>
            <ArrowLink to={sectionPath(paths.events, event.slug)} back className="mt-10">
              All events
            </ArrowLink>
          </div>
        </div>
      </Container>
    </section>
  );
}
