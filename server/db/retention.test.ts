import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validateContactForm } from "~/features/contact/contact-schema";
import { findEvent, toEventFacts } from "~/features/events/events.server";
import { validEnquiry } from "../../tests/support/contact-posts";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../../tests/support/test-databases";
import { saveLead } from "../leads/lead-store";
import { cancelRegistration, storeRegistration } from "../registrations/registration-store";
import type { AppDatabase } from "./database";
import { purgeExpired } from "./retention";

const dayMs = 86_400_000;
const noSource = { referrerHost: null, utmMedium: null, utmCampaign: null };
const limits = { LEADS_RETENTION_DAYS: 730, REGISTRATIONS_RETENTION_DAYS: 365 };

describe.each(testDatabaseKinds)("the retention purge on %s", (kind) => {
  const now = new Date("2029-06-01T12:00:00.000Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * dayMs);
  const facts = toEventFacts(findEvent("reconciliation-round-table-london")!);
  /** The event, moved to end `days` days before now. */
  const endedDaysAgo = (slug: string, days: number) => {
    const length = Date.parse(facts.endsAt) - Date.parse(facts.startsAt);
    const end = daysAgo(days);
    return {
      ...facts,
      slug,
      startsAt: new Date(end.getTime() - length).toISOString(),
      endsAt: end.toISOString(),
      closesAt: new Date(end.getTime() - length).toISOString(),
    };
  };
  let database: TestDatabase;
  let db: AppDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = await database.open();
  });
  afterEach(() => database.drop());

  const person = (email: string) => ({
    name: `Person ${email}`,
    email,
    company: "Northwind Logistics",
    jobTitle: "Engineer",
    answers: { "dietary-needs": "None" },
    source: { ...noSource, utmSource: "newsletter", landingPage: "/events", formPage: "/events/x" },
  });

  it("forgets only the people past the limits, keeping every row to count", async () => {
    await saveLead(db, enquiry("old@a.example"), daysAgo(731));
    await saveLead(db, enquiry("recent@a.example"), daysAgo(729));
    const longAgo = endedDaysAgo("long-ago", 366);
    const lately = endedDaysAgo("lately", 300);
    await storeRegistration(db, longAgo, person("went-long-ago@a.example"), daysAgo(400));
    await storeRegistration(db, lately, person("went-lately@a.example"), daysAgo(320));
    const cancelled = await storeRegistration(
      db,
      lately,
      person("cancelled@a.example"),
      daysAgo(330),
    );
    await cancelRegistration(db, lately, cancelled.registrationId, daysAgo(366));

    expect(await purgeExpired(db, now, limits)).toEqual({ leads: 1, registrations: 2 });

    const leads = await db
      .selectFrom("leads")
      .select(["email", "name", "message", "service"])
      .orderBy("created_at")
      .execute();
    expect(leads).toEqual([
      { email: "", name: "", message: "", service: validEnquiry.service },
      {
        email: "recent@a.example",
        name: validEnquiry.name,
        message: validEnquiry.message,
        service: validEnquiry.service,
      },
    ]);
    const registrations = await db
      .selectFrom("registrations")
      .select(["event_slug", "email", "name", "answers", "status", "utm_source", "forgotten_at"])
      .orderBy("created_at")
      .execute();
    expect(registrations).toEqual([
      {
        event_slug: "long-ago",
        email: "",
        name: "",
        answers: "{}",
        status: "confirmed",
        utm_source: "newsletter",
        forgotten_at: now.toISOString(),
      },
      {
        event_slug: "lately",
        email: "",
        name: "",
        answers: "{}",
        status: "cancelled",
        utm_source: "newsletter",
        forgotten_at: now.toISOString(),
      },
      {
        event_slug: "lately",
        email: "went-lately@a.example",
        name: "Person went-lately@a.example",
        answers: '{"dietary-needs":"None"}',
        status: "confirmed",
        utm_source: "newsletter",
        forgotten_at: null,
      },
    ]);
    // The forgotten rows' e-mails still waiting are gone too; the others' stay.
    const waiting = await db.selectFrom("outbox").select(["lead_id", "registration_id"]).execute();
    expect(waiting).toHaveLength(1 + 2);
    // A second run finds nothing more.
    expect(await purgeExpired(db, now, limits)).toEqual({ leads: 0, registrations: 0 });
  });
});

function enquiry(email: string) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...validEnquiry, email })) data.set(key, value);
  const result = validateContactForm(data);
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.enquiry;
}
