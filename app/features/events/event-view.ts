import type { ServiceId } from "~/config/services";
import type { Picture } from "~/lib/images/content-image";

/**
 * An event as a list shows it (the events page's cards, the home page's
 * teaser): serialisable, with its date and time already written out in the
 * event's zone by the server, so the browser's own time zone data can never
 * change the text between server render and hydration. Only what the cards
 * show: a loader's data is sent twice, as HTML and again for hydration, so a
 * field no card reads would cost every visitor its bytes for nothing. Built by
 * `toEventCardView` in events.server.ts.
 */
export type EventCardView = {
  slug: string;
  title: string;
  kind: EventKind;
  format: EventFormat;
  /** In-person events only. */
  city?: string;
  venue?: string;
  address?: string;
  summary: string;
  agenda: readonly { time: string; item: string }[];
  /** A leader's portrait (the same as on About); a guest speaker has none. */
  speakers: readonly { name: string; role: string; organisation: string; portrait?: string }[];
  /**
   * How to sign up, from the content and the clock alone: on the event's page
   * (open until registration closes), at a partner's page, or not at all once
   * the event has started. The seats left need the database: the event's own
   * page reads them (registration-view.ts).
   */
  registration: { at: "site"; open: boolean } | { at: "partner"; url: string } | { at: "none" };
  /** The start instant (ISO 8601, UTC) for <time dateTime>. */
  startsAt: string;
  /** "Thu 18 March 2027, 09:30–12:00 GMT". */
  when: string;
  /** The date tile: "Thu", 18, "Mar", 2027, in the event's zone. */
  day: { weekday: string; day: number; month: string; year: number };
  /** Upcoming until it starts, then past. */
  status: "upcoming" | "past";
};

/** What every view of an event has: the fields the shared parts (tags, facts, actions) read. */
export type EventBasics = Omit<EventCardView, "agenda" | "day" | "summary">;

/**
 * The home page's teaser of the next event (`toEventTeaserView`): the
 * summary's first sentence as its lead, which is what a phone showed of the
 * summary anyway, and no agenda or date tile, only whether there is an agenda
 * to link to. Its data is part of home's first-visit JavaScript (decision 068).
 */
export type EventTeaserView = EventBasics & { lead: string; hasAgenda: boolean };

/** An event as its own page shows it: the card's fields and the rest. Built by `toEventView`. */
export type EventView = EventCardView & {
  /**
   * The related services, by id (app/config/services.ts, validated by the
   * content schema) with their display name: the spec's menu labels stay in
   * the menus (issue 16).
   */
  services: readonly { id: ServiceId; name: string }[];
  tags: readonly string[];
  timeZone: string;
  /** The end instant (ISO 8601, UTC). */
  endsAt: string;
  /** Its photograph, when it has one (docs/decisions/093). */
  coverImage?: Picture;
};

export const eventFormats = ["online", "in-person"] as const;
export type EventFormat = (typeof eventFormats)[number];

/** The kind of event, shown as a tag; the key is what content files use. */
export const eventKinds = {
  "round-table": "Round table",
  workshop: "Workshop",
  "meet-up": "Meet-up",
  webinar: "Webinar",
  talk: "Talk",
} as const;
export type EventKind = keyof typeof eventKinds;

/** "Online", or "In person · London". */
export function formatLabel(event: Pick<EventCardView, "format" | "city">): string {
  return event.format === "online" ? "Online" : `In person · ${event.city ?? ""}`;
}
