import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCalendarEvent } from "../../../tests/icalendar";
import { ContentError } from "~/lib/content/collection";
import { isPublished } from "~/lib/content/publication";
import {
  eventCalendar,
  events,
  loadEvents,
  nextEventAt,
  scheduleAt,
  toEventCardView,
  toEventTeaserView,
  toEventFacts,
  toEventView,
  type EventEntry,
} from "~/features/events/events.server";

const brokenPath = "tests/fixtures/content/events/broken-event.yaml";
const valid = readFileSync("content/events/threat-modelling-workshop.yaml", "utf8");
const load = (yaml: string, name = "threat-modelling-workshop") =>
  loadEvents({ [`/content/events/${name}.yaml`]: yaml });

describe("events collection", () => {
  it("holds at least three upcoming events in 2027 and three past ones before 22 November 2026", () => {
    const { upcoming, past } = scheduleAt(new Date("2026-11-22T00:00:00Z"));
    expect(
      upcoming.filter((event) => event.start.startsWith("2027-")).length,
    ).toBeGreaterThanOrEqual(3);
    expect(past.filter((event) => event.start.startsWith("2026-")).length).toBeGreaterThanOrEqual(
      3,
    );
  });

  it("rejects a broken file with its path and each offending field", () => {
    const files = { [`/${brokenPath}`]: readFileSync(brokenPath, "utf8") };
    expect(() => loadEvents(files)).toThrow(ContentError);
    expect(() => loadEvents(files)).toThrow(
      /tests\/fixtures\/content\/events\/broken-event\.yaml:\n[\s\S]*- venue: is required for an in-person event[\s\S]*- line 7, end: must be after start/,
    );
  });

  it("rejects an unknown time zone, a time the clocks skip, and a malformed date-time", () => {
    expect(() => load(valid.replace("Europe/London", "Europe/Atlantis"))).toThrow(
      /- line 6, timeZone: must be an IANA time zone/,
    );
    expect(() =>
      load(
        valid
          .replace("2027-02-11T14:00", "2027-03-28T01:30")
          .replace("2027-02-11T17:00", "2027-03-28T17:00"),
      ),
    ).toThrow(/- line 4, start: 2027-03-28T01:30 does not exist in Europe\/London/);
    expect(() => load(valid.replace("2027-02-11T14:00", "11/02/2027 14:00"))).toThrow(
      /- line 4, start: must be a local date-time written YYYY-MM-DDTHH:mm/,
    );
  });

  it("takes a publishAt, when the event is announced (isPublished leaves it out until then), and refuses a time the clocks skip", () => {
    const [event] = load(`${valid.trimEnd()}\npublishAt: 2027-01-04T09:00\n`);
    expect(event?.publishAt).toBe("2027-01-04T09:00");
    expect(isPublished(event!, new Date("2027-01-04T08:59:59Z"))).toBe(false);
    expect(isPublished(event!, new Date("2027-01-04T09:00:00Z"))).toBe(true);
    expect(() => load(`${valid.trimEnd()}\npublishAt: 2027-03-28T01:30\n`)).toThrow(
      /publishAt: 2027-03-28T01:30 does not exist in Europe\/London: the clocks skip it/,
    );
  });

  it("reports an unknown time zone once, in its own words, without the runtime's message", () => {
    let message = "";
    try {
      load(valid.replace("Europe/London", "Europe/Atlantis"));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      "Invalid content in content/events/threat-modelling-workshop.yaml:\n" +
        "  - line 6, timeZone: must be an IANA time zone such as Europe/London, got Europe/Atlantis",
    );
  });

  it("says a local date-time of the right shape that is not in the calendar does not exist", () => {
    expect(() => load(valid.replace("2027-02-11T14:00", "2027-02-30T14:00"))).toThrow(
      "  - line 4, start: 2027-02-30T14:00 does not exist: February 2027 has 28 days",
    );
    expect(() => load(valid.replace("2027-02-11T17:00", "2027-02-11T24:00"))).toThrow(
      "  - line 5, end: 2027-02-11T24:00 does not exist: there is no hour 24",
    );
  });

  it("rejects an unknown service id, an agenda outside the event's hours and a slug that is not the file name", () => {
    expect(() => load(valid.replace("[cyber-security,", "[security,"))).toThrow(
      /- line \d+, services item 1 \("security"\): must be a service id/,
    );
    expect(() => load(valid.replace('"16:40"', '"17:30"'))).toThrow(
      /- line \d+, agenda item 5, time: must fall between start \(14:00\) and end \(17:00\)/,
    );
    expect(() => load(valid, "another-name")).toThrow(
      /content\/events\/another-name\.yaml:\n {2}- line \d+, slug: must equal the file name/,
    );
  });

  it("requires an agenda or speakers, and an https registration URL when there is one", () => {
    const bare = valid.replace(/^agenda:[\s\S]*?(?=^capacity)/m, "");
    expect(() => load(bare)).toThrow(/- agenda: give an agenda, speakers, or both/);
    const partner = (url: string) =>
      valid
        .replace(/^capacity:[\s\S]*?(?=^services)/m, "")
        .replace(/^services:/m, `registrationUrl: ${url}\nservices:`);
    expect(load(partner("https://partner.example.org/signup"))[0]?.registrationUrl).toBe(
      "https://partner.example.org/signup",
    );
    expect(() => load(partner("http://partner.example.org/signup"))).toThrow(
      /- line \d+, registrationUrl: must be an https:\/\/ URL/,
    );
  });

  it("takes capacity, a closing time and questions for registration on the site, never with a partner's URL", () => {
    const [workshop] = load(valid);
    expect(workshop).toMatchObject({ capacity: 24, questions: [{ id: "role", required: true }] });
    expect(workshop?.closesAt).toEqual(workshop?.startsAt);

    const closing = load(
      valid.replace("capacity: 24", "capacity: 24\nregistrationClosesAt: 2027-02-10T12:00"),
    );
    expect(closing[0]?.closesAt.toISOString()).toBe("2027-02-10T12:00:00.000Z");

    expect(() =>
      load(
        valid.replace(/^services:/m, "registrationUrl: https://partner.example.org/x\nservices:"),
      ),
    ).toThrow(
      /- line \d+, capacity: belongs to registration on this site[\s\S]*- line \d+, questions: belongs/,
    );
    expect(() => load(valid.replace("capacity: 24", "capacity: 0"))).toThrow(
      /- line \d+, capacity:/,
    );
    expect(() =>
      load(valid.replace("capacity: 24", "capacity: 24\nregistrationClosesAt: 2027-02-11T15:00")),
    ).toThrow(/- line \d+, registrationClosesAt: must not be after start \(2027-02-11T14:00\)/);
    expect(() => load(valid.replace("  - id: role", "  - id: Role"))).toThrow(
      /- line \d+, questions item 1, id: must be lower-case words/,
    );
    const twice = valid.replace(
      "      - Something else\n",
      "      - Something else\n  - id: role\n    label: Your role, again\n",
    );
    expect(() => load(twice)).toThrow(
      /- line \d+, questions item 2, id: must be unique, "role" is used twice/,
    );
  });

  it("takes a joining link for online events only", () => {
    expect(
      load(valid.replace("capacity: 24", "capacity: 24\njoinUrl: https://meet.example.org/abc"))[0]
        ?.joinUrl,
    ).toBe("https://meet.example.org/abc");
    const inPerson = readFileSync("content/events/reconciliation-round-table-london.yaml", "utf8");
    expect(() =>
      load(
        inPerson.replace("capacity: 20", "capacity: 20\njoinUrl: https://meet.example.org/abc"),
        "reconciliation-round-table-london",
      ),
    ).toThrow(/- line \d+, joinUrl: is for online events only/);
  });
});

describe("the events' content", () => {
  it("sends nobody to a made-up domain: our own events register on the site", () => {
    for (const event of events) {
      for (const url of [event.registrationUrl, event.joinUrl]) {
        if (url)
          expect(new URL(url).hostname, event.slug).not.toMatch(
            /(^|\.)(example|test|invalid)$|corvanta/,
          );
      }
    }
    const round = events.find((event) => event.slug === "reconciliation-round-table-london");
    // Its summary promises "Places are limited to 20".
    expect(round?.summary).toContain("limited to 20");
    expect(round?.capacity).toBe(20);
  });
});

describe("scheduleAt", () => {
  const [first, second] = events as [EventEntry, EventEntry];

  it("puts an event under past from the instant it starts", () => {
    const justBefore = new Date(first.startsAt.getTime() - 1);
    expect(scheduleAt(justBefore).upcoming[0]?.slug).toBe(first.slug);
    const atStart = scheduleAt(first.startsAt);
    expect(atStart.past[0]?.slug).toBe(first.slug);
    expect(atStart.upcoming[0]?.slug).toBe(second.slug);
    expect(nextEventAt(first.startsAt)?.slug).toBe(second.slug);
  });

  it("orders upcoming soonest first and past newest first", () => {
    const { upcoming, past } = scheduleAt(new Date("2026-11-22T12:00:00Z"));
    const starts = (list: readonly EventEntry[]) => list.map((event) => event.startsAt.getTime());
    expect(starts(upcoming)).toEqual([...starts(upcoming)].sort((a, b) => a - b));
    expect(starts(past)).toEqual([...starts(past)].sort((a, b) => b - a));
    expect(upcoming.length + past.length).toBe(events.length);
  });
});

describe("toEventView and eventCalendar", () => {
  const workshop = events.find((event) => event.slug === "threat-modelling-workshop")!;
  const before = new Date("2026-11-22T12:00:00Z");

  it("writes the date in the event's zone and drops registration once it has started", () => {
    const view = toEventView(workshop, before);
    expect(view.when).toBe("Thu 11 February 2027, 14:00–17:00 GMT");
    expect(view.status).toBe("upcoming");
    expect(view.registration).toEqual({ at: "site", open: true });
    const after = toEventView(workshop, workshop.startsAt);
    expect(after.status).toBe("past");
    expect(after.registration).toEqual({ at: "none" });
  });

  it("gives a list the card's fields only, and the event's page the card's and the rest", () => {
    const card = toEventCardView(workshop, before);
    const view = toEventView(workshop, before);
    // Hydration data repeats the HTML: a list carries nothing its cards do not show.
    for (const pageOnly of ["services", "tags", "timeZone", "endsAt"])
      expect(card).not.toHaveProperty(pageOnly);
    expect(view).toMatchObject(card);
    expect(view.services.length).toBeGreaterThan(0);
  });

  it("gives home's teaser the card's summary's first sentence, no agenda or date tile, and whether there is an agenda", () => {
    const { agenda, day, summary, ...basics } = toEventCardView(workshop, before);
    const teaser = toEventTeaserView(workshop, before);
    expect(agenda.length).toBeGreaterThan(0);
    expect(day.year).toBeGreaterThan(2000);
    expect(summary.startsWith(teaser.lead)).toBe(true);
    expect(teaser.lead.length).toBeLessThan(summary.length);
    expect(teaser.lead).toMatch(/\.$/);
    expect(teaser).toEqual({ ...basics, lead: teaser.lead, hasAgenda: true });
  });

  it("closes registration on the site at the closing time, before the event starts", () => {
    const round = events.find((event) => event.slug === "reconciliation-round-table-london")!;
    expect(round.closesAt.getTime()).toBeLessThan(round.startsAt.getTime());
    const justBefore = new Date(round.closesAt.getTime() - 1);
    expect(toEventView(round, justBefore).registration).toEqual({ at: "site", open: true });
    const closed = toEventView(round, round.closesAt);
    expect(closed.status).toBe("upcoming");
    expect(closed.registration).toEqual({ at: "site", open: false });
  });

  it("hands the registration desk the event's facts", () => {
    const round = events.find((event) => event.slug === "reconciliation-round-table-london")!;
    expect(toEventFacts(round)).toMatchObject({
      slug: round.slug,
      capacity: 20,
      startsAt: "2027-03-18T09:30:00.000Z",
      closesAt: "2027-03-16T17:00:00.000Z",
      questions: [{ id: "dietary-needs", required: false }],
    });
    expect(toEventFacts(workshop).joinUrl).toBeUndefined();
  });

  it("builds a calendar that parses back to the content's instants, zone and title", () => {
    for (const event of events) {
      const parsed = readCalendarEvent(
        eventCalendar(event, { now: before, origin: "https://corvanta.example" }),
      );
      expect(parsed.summary).toBe(event.title);
      expect(parsed.timeZone).toBe(event.timeZone);
      expect(parsed.start.getTime()).toBe(event.startsAt.getTime());
      expect(parsed.end.getTime()).toBe(event.endsAt.getTime());
      expect(parsed.url).toBe(`https://corvanta.example/events/${event.slug}`);
      expect(parsed.uid).toBe(`event-${event.slug}@corvanta.example`);
    }
  });
});
