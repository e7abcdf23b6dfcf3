import type { EventFormat, EventKind } from "~/features/events/event-view";

/*
 * Registration as the event pages show it and as the server's registration
 * desk receives it (server/registrations). No zod, no content reading: the
 * browser bundle may import it, and so may the server, which never reads
 * content/ itself but is handed an event's facts by the route.
 */

/** One of an event's own questions (content/events/<slug>.yaml, `questions`). */
export type EventQuestion = {
  /** Lower-case words joined by hyphens, unique within the event. */
  id: string;
  label: string;
  hint?: string;
  required: boolean;
  /** A choice from these answers; free text (one line) without them. */
  options?: readonly string[];
};

/**
 * What the registration desk and its e-mails need to know about an event.
 * The route hands it over with each registration and cancellation; the desk
 * keeps the latest copy beside the registrations, so the outbox can write
 * the e-mails (and their calendar file) later without reading content/.
 */
export type EventFacts = {
  slug: string;
  title: string;
  summary: string;
  kind: EventKind;
  format: EventFormat;
  city?: string;
  venue?: string;
  address?: string;
  /** Local wall-clock start and end (YYYY-MM-DDTHH:mm) in `timeZone`: the calendar file's. */
  start: string;
  end: string;
  timeZone: string;
  /** Instants, ISO 8601 UTC. */
  startsAt: string;
  endsAt: string;
  /** When registration closes: the content's `registrationClosesAt`, or else the start. */
  closesAt: string;
  /** Confirmed places; null is unlimited. */
  capacity: number | null;
  questions: readonly EventQuestion[];
  /** An online event's joining link, when the content gives one. */
  joinUrl?: string;
  agenda: readonly { time: string; item: string }[];
  speakers: readonly { name: string; role: string; organisation: string }[];
};

/** Registrations of one event that hold a place or wait for one. */
export type SeatCounts = { confirmed: number; waiting: number };

/**
 * Where an event stands for someone who wants to come, at the instant the page
 * is served:
 * - `open`: the form is offered; `placesLeft` is null when the event has no
 *   capacity (or the count could not be read);
 * - `waiting-list`: every place is taken, the form puts people on the list;
 * - `closed`: the closing time has passed, or the event has started;
 * - `ended`: the event is over, and the page offers no registration at all;
 * - `partner`: a partner runs the registration at `url`.
 */
export type RegistrationState =
  | { kind: "open"; capacity: number | null; placesLeft: number | null }
  | { kind: "waiting-list"; capacity: number }
  | { kind: "closed"; reason: "deadline" | "started" }
  | { kind: "ended" }
  | { kind: "partner"; url: string };

/** A state that shows the form. */
export function takesRegistrations(
  state: RegistrationState,
): state is Extract<RegistrationState, { kind: "open" | "waiting-list" }> {
  return state.kind === "open" || state.kind === "waiting-list";
}

/**
 * The state from the event's times and capacity, the seat counts read from the
 * database for this request (null when there are none to read), and the
 * request's clock.
 */
export function registrationState(
  event: Pick<EventFacts, "startsAt" | "endsAt" | "closesAt" | "capacity"> & {
    registrationUrl?: string;
  },
  counts: SeatCounts | null,
  now: Date,
): RegistrationState {
  const at = now.getTime();
  if (at >= Date.parse(event.endsAt)) return { kind: "ended" };
  if (at >= Date.parse(event.startsAt)) return { kind: "closed", reason: "started" };
  if (event.registrationUrl) return { kind: "partner", url: event.registrationUrl };
  if (at >= Date.parse(event.closesAt)) return { kind: "closed", reason: "deadline" };
  const { capacity } = event;
  if (capacity === null || !counts) return { kind: "open", capacity, placesLeft: null };
  const placesLeft = Math.max(0, capacity - counts.confirmed);
  return placesLeft > 0
    ? { kind: "open", capacity, placesLeft }
    : { kind: "waiting-list", capacity };
}

/** "12 places left", "1 place left", "Waiting list open", "Registration closed"… */
export function registrationStateLabel(state: RegistrationState): string {
  switch (state.kind) {
    case "open":
      // Counted once someone has registered: "300 places left" on an open
      // event would tell visitors nobody has (issue 30).
      if (state.placesLeft === null || state.placesLeft === state.capacity) {
        return "Registration open";
      }
      return state.placesLeft === 1 ? "1 place left" : `${state.placesLeft} places left`;
    case "waiting-list":
      return "Waiting list open";
    case "closed":
      return "Registration closed";
    case "ended":
      return "This event has taken place";
    case "partner":
      return "Registration with our partner";
  }
}

/** The words of one registration section, picked by the page's loader for its state. */
export type RegistrationText = {
  /** The card's heading and lead: the form's, the answer's, or why registration closed. */
  title: string;
  lead: string;
  /** "12 places left" and the line under it. */
  seats: { label: string; detail: string };
  /** The form's consent label and note. */
  form: { consent: string; note: string };
  /** "What happens next", while people can register or after they did. */
  nextSteps: { title: string; steps: { title: string; body: string }[] } | null;
};
