import type { EventCardView } from "~/features/events/event-view";
import { PersonAvatar } from "~/components/ui/person-avatar";

// An event's programme, the agenda and the speakers: on the events page's
// cards and on the event's own page. A module of its own, so the event's page
// does not load the full card.

/** The running order, in the event's local time. */
export function EventAgenda({
  event,
  headingAs: Heading = "h4",
}: {
  event: EventCardView;
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

/** Speakers, each with their face: a leader's portrait, a guest's initials. */
export function EventSpeakers({
  event,
  headingAs: Heading = "h4",
}: {
  event: EventCardView;
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
            <PersonAvatar name={speaker.name} portrait={speaker.portrait} size="sm" />
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
