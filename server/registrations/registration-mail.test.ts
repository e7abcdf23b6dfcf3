import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventFacts } from "~/features/events/registration-view";
import { readCalendarEvent } from "../../tests/icalendar";
import { manualClock, recordingLogger, type ManualClock } from "../../tests/support/manual-clock";
import {
  cancellationPost,
  registrationEvents,
  registrationFormFields,
  registrationPost,
  testRegistrationMail,
} from "../../tests/support/registration-posts";
import { startSmtpSink, type SmtpSink } from "../../tests/support/smtp-sink";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../../tests/support/test-databases";
import type { AppDatabase } from "../db/database";
import { createSmtpMailer } from "../outbox/mailer";
import { createOutboxWorker, mailSender, type OutboxWorker } from "../outbox/outbox-worker";
import { composeOutboxMail } from "../services";
import { verifyCancelToken } from "./cancel-token";
import { createRegistrationDesk, type RegistrationDesk } from "./registration-desk";

const CANCEL_SECRET = "a-cancel-secret-that-is-long-enough-05";
const { mail, siteUrl } = testRegistrationMail;
const { roundTable, workshop } = registrationEvents;

describe.each(testDatabaseKinds)("registration e-mails on %s", (kind) => {
  let database: TestDatabase;
  let db: AppDatabase;
  let clock: ManualClock;
  let log: ReturnType<typeof recordingLogger>;
  let desk: RegistrationDesk;
  let smtp: SmtpSink;
  let worker: OutboxWorker;
  let closeMailer: () => void;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = await database.open();
    clock = manualClock(new Date("2027-01-10T09:00:00.000Z"));
    log = recordingLogger();
    desk = createRegistrationDesk({
      db,
      tokenSecret: "a-test-secret-that-is-long-enough-0006",
      cancelSecret: CANCEL_SECRET,
      rateLimit: { maxPosts: 100, windowMs: 600_000 },
      log,
      now: clock,
    });
    smtp = await startSmtpSink();
    const mailer = createSmtpMailer(smtp.url);
    closeMailer = () => mailer.close();
    worker = createOutboxWorker({
      db,
      send: mailSender(
        mailer,
        composeOutboxMail(db, { mail, siteUrl, cancelSecret: CANCEL_SECRET }, clock),
      ),
      log,
      now: clock,
    });
  });
  afterEach(async () => {
    closeMailer();
    await smtp.close();
    await database.drop();
  });

  async function register(event: EventFacts, overrides: Record<string, string> = {}) {
    const token = desk.issueToken();
    clock.advance(20_000);
    return desk.register(event, registrationPost(registrationFormFields(token, overrides)));
  }

  const to = (address: string) => smtp.messages.filter((m) => m.recipients.includes(address));

  it("sends the attendee the details, the calendar file and a cancellation link, and the team a notice that replies to the attendee", async () => {
    await register(roundTable, {
      email: "ana.ribeiro@northwind.example",
      "answer-dietary-needs": "Vegetarian",
    });
    expect(await worker.tick()).toEqual({ sent: 2, failed: 0 });

    const [attendee] = to("ana.ribeiro@northwind.example");
    expect(attendee!.header("subject")).toBe(`Your place is confirmed: ${roundTable.title}`);
    expect(attendee!.header("from")).toBe(mail.from);
    expect(attendee!.header("to")).toBe("ana.ribeiro@northwind.example");
    for (const detail of [
      "Hello Ana Ribeiro,",
      roundTable.title,
      "Thu 18 March 2027, 09:30–12:00 GMT",
      "Corvanta Digital, 4th floor, 18 Charterhouse Street, London EC1M 6AY",
      `Event details: ${siteUrl}/events/${roundTable.slug}`,
      "Dietary needs or allergies: Vegetarian",
      "Job title: Head of Payment Operations",
    ]) {
      expect(attendee!.text).toContain(detail);
    }

    // The cancellation link is this registration's signed token, on SITE_URL.
    const link = /^(https:\/\/\S+\/cancel\?token=\S+)$/m.exec(attendee!.text)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin + url.pathname).toBe(`${siteUrl}/events/${roundTable.slug}/cancel`);
    const [registration] = await db.selectFrom("registrations").selectAll().execute();
    expect(verifyCancelToken(CANCEL_SECRET, url.searchParams.get("token"))).toBe(registration!.id);

    // The calendar file: the event's start, end, zone and title.
    expect(attendee!.attachments).toHaveLength(1);
    const [file] = attendee!.attachments;
    expect(file!.filename).toBe(`${roundTable.slug}.ics`);
    expect(file!.contentType).toMatch(/^text\/calendar; charset=utf-8/);
    const calendar = readCalendarEvent(file!.content);
    expect(calendar.summary).toBe(roundTable.title);
    expect(calendar.timeZone).toBe("Europe/London");
    expect(calendar.start.toISOString()).toBe(roundTable.startsAt);
    expect(calendar.end.toISOString()).toBe(roundTable.endsAt);
    expect(calendar.uid).toBe(`event-${roundTable.slug}@corvanta.example`);

    const [team] = to("events@corvanta.example");
    expect(team!.header("subject")).toBe(`New registration: ${roundTable.title}`);
    expect(team!.header("reply-to")).toBe("ana.ribeiro@northwind.example");
    expect(team!.text).toContain("Now: 1 of 20 places confirmed, 0 waiting.");
    expect(team!.text).toContain(`npm run leads -- registrations --event ${roundTable.slug}`);
    expect(team!.attachments).toEqual([]);
  });

  it(
    "tells the person on the waiting list so, without a calendar file; a freed place reaches them with one",
    { timeout: 30_000 },
    async () => {
      for (let n = 0; n < 20; n++) await register(roundTable, { email: `seat-${n}@full.example` });
      await register(roundTable, { email: "next@waiting.example" });
      await worker.tick();
      await worker.tick();
      await worker.tick();
      const [waiting] = to("next@waiting.example");
      expect(waiting!.header("subject")).toBe(`You are on the waiting list: ${roundTable.title}`);
      expect(waiting!.text).toContain("If a place comes free");
      expect(waiting!.attachments).toEqual([]);
      expect(to("events@corvanta.example").at(-1)!.header("subject")).toBe(
        `New registration (waiting list): ${roundTable.title}`,
      );

      // seat-0 cancels through the link in their e-mail.
      const link = /\/cancel\?token=(\S+)$/m.exec(to("seat-0@full.example")[0]!.text)![1]!;
      expect(await desk.cancel(roundTable, cancellationPost(decodeURIComponent(link)))).toEqual({
        kind: "cancelled",
      });
      expect(await worker.tick()).toEqual({ sent: 3, failed: 0 });

      // The person who cancelled is told it is done, with the way back, and the calendar file
      // they were sent comes back as its next revision, cancelled.
      const goodbye = to("seat-0@full.example").at(-1)!;
      expect(goodbye.header("subject")).toBe(`Your registration is cancelled: ${roundTable.title}`);
      expect(goodbye.text).toContain(`${siteUrl}/events/${roundTable.slug}`);
      expect(goodbye.attachments).toHaveLength(1);
      expect(readCalendarEvent(goodbye.attachments[0]!.content)).toMatchObject({
        uid: readCalendarEvent(to("seat-0@full.example")[0]!.attachments[0]!.content).uid,
        sequence: 1,
        status: "CANCELLED",
      });

      const [, promoted] = to("next@waiting.example");
      expect(promoted!.header("subject")).toBe(
        `A place came free, and it is yours: ${roundTable.title}`,
      );
      expect(readCalendarEvent(promoted!.attachments[0]!.content).summary).toBe(roundTable.title);
      const cancelled = to("events@corvanta.example").at(-1)!;
      expect(cancelled.header("subject")).toBe(`Registration cancelled: ${roundTable.title}`);
      expect(cancelled.header("reply-to")).toBe("seat-0@full.example");
      expect(cancelled.text).toContain("Now: 20 of 20 places confirmed, 0 waiting.");
      // The team's notice names who took the freed place.
      expect(cancelled.text).toMatch(
        /^Promoted from the waiting list: .* <next@waiting\.example>$/m,
      );
    },
  );

  it("gives an online event's joining link only when the content has one", async () => {
    await register(workshop, { email: "no-link@online.example", "answer-role": "Designer" });
    await worker.tick();
    // The e-mails are written from the event's facts as the site last handed them over.
    await register(
      { ...workshop, joinUrl: "https://meet.partner.example.org/threat-modelling" },
      { email: "link@online.example", "answer-role": "Engineer" },
    );
    await worker.tick();
    const [withoutLink] = to("no-link@online.example");
    expect(withoutLink!.text).toContain(
      "We will e-mail you the joining link before the event starts.",
    );
    expect(withoutLink!.text).toContain("  Online\n");
    expect(withoutLink!.text).not.toContain("Join online");

    const [withLink] = to("link@online.example");
    expect(withLink!.text).toContain(
      "Join online: https://meet.partner.example.org/threat-modelling",
    );
    expect(readCalendarEvent(withLink!.attachments[0]!.content).description).toContain(
      "Join online: https://meet.partner.example.org/threat-modelling",
    );
  });

  it("tells a person who registers again that they already hold their place, with its cancellation link", async () => {
    await register(roundTable, { email: "ana.ribeiro@northwind.example" });
    await worker.tick();
    expect(await register(roundTable, { email: "Ana.Ribeiro@Northwind.example" })).toEqual({
      kind: "registered",
      status: "confirmed",
    });
    expect(await worker.tick()).toEqual({ sent: 1, failed: 0 });
    const [first, reminder] = to("ana.ribeiro@northwind.example");
    expect(reminder!.header("subject")).toBe(`You are already registered: ${roundTable.title}`);
    expect(reminder!.text).toContain("Hello Ana Ribeiro,");
    expect(reminder!.text).toContain("Your place is confirmed:");
    expect(reminder!.text).toContain(roundTable.title);
    expect(reminder!.attachments).toEqual([]);
    const link = (message: typeof first) => /\/cancel\?token=(\S+)$/m.exec(message!.text)?.[1];
    expect(link(reminder)).toBeDefined();
    expect(link(reminder)).toBe(link(first));
    expect(reminder!.header("message-id")).not.toBe(first!.header("message-id"));
    // Nothing for the team: no one new is coming.
    expect(to("events@corvanta.example")).toHaveLength(1);
  });

  it("shows the text direction controls a visitor typed as <U+…>, as the lead e-mails do", async () => {
    await register(roundTable, {
      name: "Ana \u202Efdp.exe\u202C Ribeiro",
      company: "\u2066Northwind\u2069 Logistics",
      jobTitle: "Head\u200F of Payments",
      "answer-dietary-needs": "None\u2067 at all\u2068",
    });
    await register(roundTable, { name: "Ana \u202Eagain" });
    expect(await worker.tick()).toEqual({ sent: 3, failed: 0 });
    const [attendee, already] = to("ana.ribeiro@northwind.example");
    const [team] = to("events@corvanta.example");
    for (const message of [attendee!, already!, team!]) {
      expect(message.text).not.toMatch(/\p{Bidi_Control}/u);
    }
    for (const message of [attendee!, team!]) {
      for (const shown of [
        "Name: Ana <U+202E>fdp.exe<U+202C> Ribeiro",
        "Company: <U+2066>Northwind<U+2069> Logistics",
        "Job title: Head<U+200F> of Payments",
        "Dietary needs or allergies: None<U+2067> at all<U+2068>",
      ]) {
        expect(message.text).toContain(shown);
      }
    }
    expect(attendee!.text).toContain("Hello Ana <U+202E>fdp.exe<U+202C> Ribeiro,");
    expect(already!.text).toContain("Hello Ana <U+202E>fdp.exe<U+202C> Ribeiro,");
  });

  it("never lets a stored line break or a bad address reach a header", async () => {
    await register(roundTable, { email: "mallory@evil.example" });
    // Stored as a client that skipped the schema's normalisation would have stored it.
    await db
      .updateTable("registrations")
      .set({ name: "Mallory\r\nBcc: everyone@victim.example" })
      .execute();
    await worker.tick();
    for (const message of smtp.messages) {
      expect(message.headers.map(([name]) => name)).not.toContain("bcc");
      expect(message.recipients).not.toContain("everyone@victim.example");
    }
    expect(to("mallory@evil.example")[0]!.text).toContain(
      "Hello Mallory Bcc: everyone@victim.example,",
    );

    await register(roundTable, { email: "second@evil.example" });
    await db
      .updateTable("registrations")
      .set({ email: "a@evil.example, everyone@victim.example" })
      .where("email_key", "=", "second@evil.example")
      .execute();
    const before = smtp.messages.length;
    expect(await worker.tick()).toEqual({ sent: 0, failed: 1 });
    expect(smtp.messages).toHaveLength(before);
    expect(log.lines.at(-1)).toMatch(
      /^E-mail registration-confirmed for registration [0-9a-f-]{36} failed \(attempt 1\)/,
    );
  });
});
