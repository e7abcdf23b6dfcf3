import type { ServiceId } from "~/config/services";
/**
 * An event as components show it: serialisable, with its date and time
 * already written out in the event's zone by the server, so the browser's own
 * time zone data can never change the text between server render and
 * hydration. Built by `toEventView` in events.server.ts.
 */
export type EventView = {
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
  speakers: readonly { name: string; role: string; organisation: string }[];
  /**
   * How to sign up, from the content and the clock alone: on the event's page
   * (open until registration closes), at a partner's page, or not at all once
   * the event has started. The seats left need the database: the event's own
   * page reads them (registration-view.ts).
   */
  registration: { at: "site"; open: boolean } | { at: "partner"; url: string } | { at: "none" };
  /**
   * The related services, by id (app/config/services.ts, validated by the
   * content schema) with their display name: the spec's menu labels stay in
   * the menus (issue 16).
   */
  services: readonly { id: ServiceId; name: string }[];
  tags: readonly string[];
  timeZone: string;
  /** Start and end instants (ISO 8601, UTC) for <time dateTime>. */
  startsAt: string;
  endsAt: string;
  /** "Thu 18 March 2027, 09:30–12:00 GMT". */
  when: string;
  /** The date tile: "Thu", 18, "Mar", 2027, in the event's zone. */
  day: { weekday: string; day: number; month: string; year: number };
  /** Upcoming until it starts, then past. */
  status: "upcoming" | "past";
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
export function formatLabel(event: Pick<EventView, "format" | "city">): string {
  return event.format === "online" ? "Online" : `In person · ${event.city ?? ""}`;
}
