import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventFacts } from "~/features/events/registration-view";
import type { AppDatabase } from "../server/db/database";
import { createSmtpMailer } from "../server/outbox/mailer";
import { createOutboxWorker, mailSender, type OutboxWorker } from "../server/outbox/outbox-worker";
import { parseWebhookTargets, sendWebhooksTo } from "../server/outbox/webhooks";
import { verifyCancelToken } from "../server/registrations/cancel-token";
import { cancelRegistration, storeRegistration } from "../server/registrations/registration-store";
import { composeOutboxMail } from "../server/services";
import { registrationEvents, testRegistrationMail } from "../tests/support/registration-posts";
import { readCalendarEvent } from "../tests/icalendar";
import { recordingLogger } from "../tests/support/manual-clock";
import { startSmtpSink, type SmtpSink } from "../tests/support/smtp-sink";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../tests/support/test-databases";
import { parseLeadsArgs, runLeadsCommand, UsageError } from "./leads-command";

const CANCEL_SECRET = "a-cancel-secret-that-is-long-enough-28";
const { mail, siteUrl } = testRegistrationMail;
const { roundTable, workshop } = registrationEvents;
/** Before both events (the workshop on 11 February 2027, the round table on 18 March). */
const today = new Date("2027-01-10T09:00:00.000Z");
const source = {
  landingPage: "/events",
  referrerHost: "news.example",
  utmSource: "newsletter",
  utmMedium: "email",
  utmCampaign: "spring",
  formPage: `/events/${workshop.slug}`,
};

/** Runs the leads command at `now`; a refusal rejects with its message. */
function leadsCommand(db: AppDatabase, now = today) {
  return async (...argv: string[]) => {
    let output = "";
    await runLeadsCommand(parseLeadsArgs(argv), db, (text) => (output += text), {
      now: () => now,
    });
    return output;
  };
}

/** The real command line, for its exit status: `tsx scripts/leads.ts ARGS` on `databaseUrl`. */
function leadsProcess(argv: string[], databaseUrl = "file:/nonexistent/never-opened.db") {
  const env = { ...process.env, DATABASE_URL: databaseUrl, LEAD_SPOOL_FILE: "off" };
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/leads.ts", ...argv], {
    env,
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the move and notify-change commands' usage", () => {
  it("reads their options and refuses what is missing", () => {
    const id = randomUUID();
    expect(parseLeadsArgs(["move", "--id", id, "--to", roundTable.slug])).toEqual({
      command: "move",
      id,
      to: roundTable.slug,
    });
    expect(parseLeadsArgs(["notify-change", "--event", workshop.slug])).toEqual({
      command: "notify-change",
      event: workshop.slug,
    });
    expect(() => parseLeadsArgs(["move", "--id", id])).toThrow(UsageError);
    expect(() => parseLeadsArgs(["move", "--to", roundTable.slug])).toThrow(
      /required option '--id <id>'/,
    );
    expect(() => parseLeadsArgs(["notify-change"])).toThrow(/required option '--event <slug>'/);
    expect(() => parseLeadsArgs(["cancel", "--id", id, "--to", "x"])).toThrow(
      /unknown option '--to'/,
    );
    expect(() => parseLeadsArgs(["list", "--to", roundTable.slug])).toThrow(
      /unknown option '--to'/,
    );
    // The help is commander's, generated from the commands' descriptions.
    const help = parseLeadsArgs(["--help"]);
    expect(help.command).toBe("help");
    const usage = help.command === "help" ? help.usage.replace(/\s+/g, " ") : "";
    expect(usage).toMatch(/move \[options\] move a registration to another open event/);
    expect(usage).toMatch(/notify-change \[options\] e-mail everyone registered/);
  });

  // Three processes, each loading the command and the content: give them time on a busy machine.
  it(
    "prints the usage for --help on each, and exits 2 on a usage error",
    { timeout: 60_000 },
    () => {
      const options = { move: ["--id <id>", "--to <slug>"], "notify-change": ["--event <slug>"] };
      for (const [command, named] of Object.entries(options)) {
        const help = leadsProcess([command, "--help"]);
        expect(help.status).toBe(0);
        expect(help.stdout).toContain(`Usage: npm run leads -- ${command} [options]`);
        for (const option of named) expect(help.stdout).toContain(option);
        expect(help.stderr).toBe("");
      }
      const wrong = leadsProcess(["move", "--id", randomUUID()]);
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toMatch(
        /^required option '--to <slug>' not specified\n\(npm run leads -- --help/,
      );
    },
  );
});

describe.each(testDatabaseKinds)("event staff's move and change notice on %s", (kind) => {
  let database: TestDatabase;
  let db: AppDatabase;
  let smtp: SmtpSink;
  let worker: OutboxWorker;
  let closeMailer: () => void;
  let leads: ReturnType<typeof leadsCommand>;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = await database.open();
    smtp = await startSmtpSink();
    const mailer = createSmtpMailer(smtp.url);
    closeMailer = () => mailer.close();
    const settings = { mail, siteUrl, cancelSecret: CANCEL_SECRET };
    worker = createOutboxWorker({
      db,
      send: mailSender(
        mailer,
        composeOutboxMail(db, settings, () => today),
      ),
      log: recordingLogger(),
      now: () => today,
    });
    leads = leadsCommand(db);
  });
  afterEach(async () => {
    sendWebhooksTo([]);
    closeMailer();
    await smtp.close();
    await database.drop();
  });

  const person = (name: string, email: string, answers: Record<string, string> = {}) => ({
    name,
    email,
    company: "Northwind Logistics",
    jobTitle: "Engineer",
    answers,
    source,
  });

  /** Registers at `today`, a minute apart, and returns each registration's id. */
  async function register(event: EventFacts, ...people: ReturnType<typeof person>[]) {
    const ids: string[] = [];
    for (const [index, entry] of people.entries()) {
      const at = new Date(today.getTime() - (people.length - index) * 60_000);
      ids.push((await storeRegistration(db, event, entry, at)).registrationId);
    }
    return ids;
  }

  /** Sends everything queued, then parses with mailparser what each address got since the last call. */
  async function deliver() {
    while ((await worker.tick()).sent > 0);
    const received = smtp.messages.splice(0);
    const parsed = await Promise.all(received.map((message) => simpleParser(message.raw)));
    return (address: string) =>
      parsed.filter((_, index) => received[index]!.recipients.includes(address));
  }

  const calendarOf = (message: ParsedMail) => {
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]!.contentType).toBe("text/calendar");
    return readCalendarEvent(message.attachments[0]!.content.toString("utf8"));
  };

  const statusOf = async (id: string) =>
    (
      await db
        .selectFrom("registrations")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).status;

  it("moves a place: the first waiting on the old event is promoted, the person is confirmed on the new one, each e-mailed", async () => {
    sendWebhooksTo(parseWebhookTargets("http://127.0.0.1:9/hook"));
    const oneSeat = { ...workshop, capacity: 1 };
    const [ana, ben] = await register(
      oneSeat,
      person("Ana Ribeiro", "ana@northwind.example", { role: "Designer" }),
      person("Ben Okafor", "ben@northwind.example"),
    );
    await deliver();

    const output = await leads("move", "--id", ana!, "--to", roundTable.slug);
    expect(output).toContain(
      `Moved registration ${ana} from ${workshop.slug} to ${roundTable.slug}: now confirmed`,
    );
    expect(output).toContain(`Promoted on ${workshop.slug} from its waiting list: 1.`);

    expect(await statusOf(ana!)).toBe("cancelled");
    expect(await statusOf(ben!)).toBe("confirmed");
    const old = await db
      .selectFrom("registrations")
      .selectAll()
      .where("id", "=", ana!)
      .executeTakeFirstOrThrow();
    const moved = await db
      .selectFrom("registrations")
      .selectAll()
      .where("moved_from", "=", ana!)
      .executeTakeFirstOrThrow();
    expect(moved).toMatchObject({
      event_slug: roundTable.slug,
      status: "confirmed",
      seq: 1,
      name: "Ana Ribeiro",
      email: "ana@northwind.example",
      company: "Northwind Logistics",
      job_title: "Engineer",
      // The workshop's question is not the round table's: its answer stays behind.
      answers: "{}",
      consented_at: old.consented_at,
      utm_source: "newsletter",
      utm_campaign: "spring",
      referrer_host: "news.example",
      form_page: `/events/${workshop.slug}`,
      cancelled_at: null,
    });

    // Webhooks as for a cancellation, a promotion and a registration; the new one names the old.
    const hooks = await db
      .selectFrom("outbox")
      .select(["registration_id", "payload"])
      .where("kind", "=", "webhook")
      .where("created_at", "=", today.toISOString())
      .execute();
    const events = hooks.map((hook) => {
      const body = JSON.parse(hook.payload!) as { type: string; data: { moved_from?: string } };
      return [body.type, hook.registration_id, body.data.moved_from ?? null];
    });
    expect(events).toEqual(
      expect.arrayContaining([
        ["registration.cancelled", ana, null],
        ["registration.promoted", ben, null],
        ["registration.confirmed", moved.id, ana],
      ]),
    );
    expect(events).toHaveLength(3);

    const to = await deliver();
    // The person moved gets one e-mail: the move's, not a cancellation's.
    const [movedMail, ...others] = to("ana@northwind.example");
    expect(others).toEqual([]);
    expect(movedMail!.subject).toBe(`Your registration has moved to ${roundTable.title}`);
    for (const line of [
      `Our events team has moved your registration from “${workshop.title}” to:`,
      "Thu 18 March 2027, 09:30–12:00 GMT",
      "Your place is confirmed.",
      `The calendar file attached (${roundTable.slug}.ics) adds it to your calendar.`,
    ]) {
      expect(movedMail!.text).toContain(line);
    }
    const link = /\/cancel\?token=(\S+)$/m.exec(movedMail!.text!)![1]!;
    expect(verifyCancelToken(CANCEL_SECRET, decodeURIComponent(link))).toBe(moved.id);
    const calendar = calendarOf(movedMail!);
    expect(movedMail!.attachments[0]!.filename).toBe(`${roundTable.slug}.ics`);
    expect(calendar).toMatchObject({
      uid: `event-${roundTable.slug}@corvanta.example`,
      sequence: 0,
      summary: roundTable.title,
    });
    expect(calendar.start.toISOString()).toBe(roundTable.startsAt);

    const [promoted] = to("ben@northwind.example");
    expect(promoted!.subject).toBe(`A place came free, and it is yours: ${workshop.title}`);
    expect(calendarOf(promoted!).uid).toBe(`event-${workshop.slug}@corvanta.example`);

    const [team, ...moreTeam] = to("events@corvanta.example");
    expect(moreTeam).toEqual([]);
    expect(team!.subject).toBe(`Registration moved: ${roundTable.title}`);
    expect(team!.replyTo?.value).toEqual([{ address: "ana@northwind.example", name: "" }]);
    expect(team!.text).toContain(
      `Staff moved a registration here from “${workshop.title}”: a confirmed place.`,
    );
    expect(team!.text).toContain(
      `Promoted from the waiting list of “${workshop.title}”: Ben Okafor <ben@northwind.example>`,
    );
    expect(team!.text).toContain("Now: 1 of 20 places confirmed, 0 waiting.");
  });

  it("moves onto the new event's waiting list when it is full: no calendar file until a place is theirs", async () => {
    const seats = Array.from({ length: roundTable.capacity! }, (_, n) =>
      person(`Seat ${n}`, `seat-${n}@full.example`),
    );
    await register(roundTable, ...seats);
    const [ana] = await register(workshop, person("Ana Ribeiro", "ana@northwind.example"));
    // The registrations' own e-mails are not this test's: taken as sent.
    await db.updateTable("outbox").set({ sent_at: today.toISOString() }).execute();

    const output = await leads("move", "--id", ana!, "--to", roundTable.slug);
    expect(output).toContain("now on the waiting list");
    expect(output).not.toContain("Promoted");
    const to = await deliver();
    const [movedMail] = to("ana@northwind.example");
    expect(movedMail!.subject).toBe(`Your registration has moved to ${roundTable.title}`);
    expect(movedMail!.text).toContain("you are on its waiting list");
    expect(movedMail!.attachments).toEqual([]);
    expect(to("events@corvanta.example")[0]!.text).toContain(
      `Staff moved a registration here from “${workshop.title}”: on the waiting list.`,
    );
  });

  it("confirms a cancellation; a confirmed place's calendar file comes back as its next revision, STATUS:CANCELLED", async () => {
    const oneSeat = { ...workshop, capacity: 1 };
    const [ana, ben] = await register(
      oneSeat,
      person("Ana Ribeiro", "ana@northwind.example"),
      person("Ben Okafor", "ben@northwind.example"),
    );
    let to = await deliver();
    const invitation = calendarOf(to("ana@northwind.example")[0]!);
    expect(invitation).toMatchObject({ sequence: 0, status: "CONFIRMED" });

    // Ben waited and never had a calendar file; Ana held the place.
    await cancelRegistration(db, oneSeat, ben!, today);
    await cancelRegistration(db, oneSeat, ana!, today);
    to = await deliver();
    const [benMail] = to("ben@northwind.example");
    expect(benMail!.subject).toBe(`Your registration is cancelled: ${workshop.title}`);
    expect(benMail!.attachments).toHaveLength(0);
    const [anaMail] = to("ana@northwind.example");
    expect(anaMail!.subject).toBe(`Your registration is cancelled: ${workshop.title}`);
    expect(anaMail!.text).toContain(`The attached ${workshop.slug}.ics marks the event cancelled`);
    expect(calendarOf(anaMail!)).toMatchObject({
      uid: invitation.uid,
      sequence: 1,
      status: "CANCELLED",
      start: invitation.start,
    });
  });

  it("stores nothing of a move that fails part-way", async () => {
    const [ana, ben] = await register(
      { ...workshop, capacity: 1 },
      person("Ana Ribeiro", "ana@northwind.example"),
      person("Ben Okafor", "ben@northwind.example"),
    );
    const count = async (table: "registrations" | "outbox" | "registration_events") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = [await count("registrations"), await count("outbox")];
    expect(await count("registration_events")).toBe(1);
    // The database refuses the move's last write, after the old place was freed, the first
    // waiting promoted and the new registration stored.
    const refusal = "the test refuses the team notice";
    if (kind === "sqlite") {
      await sql`create trigger refuse_move before insert on outbox
        when new.kind = 'registration-team-moved'
        begin select raise(abort, ${sql.lit(refusal)}); end`.execute(db);
    } else {
      await sql`create function refuse_move() returns trigger language plpgsql as
        $$ begin raise exception ${sql.lit(refusal)}; end $$`.execute(db);
      await sql`create trigger refuse_move before insert on outbox for each row
        when (new.kind = 'registration-team-moved') execute function refuse_move()`.execute(db);
    }
    await expect(leads("move", "--id", ana!, "--to", roundTable.slug)).rejects.toThrow(refusal);

    expect(await statusOf(ana!)).toBe("confirmed");
    expect(await statusOf(ben!)).toBe("waiting");
    expect([await count("registrations"), await count("outbox")]).toEqual(before);
    // Not even the new event's row, taken first as the move's lock.
    expect(await count("registration_events")).toBe(1);
  });

  it("refuses, with a clear message, what cannot be moved, and changes nothing", async () => {
    const [ana, ben] = await register(
      workshop,
      person("Ana Ribeiro", "ana@northwind.example"),
      person("Ben Okafor", "ben@northwind.example"),
    );
    await register(roundTable, person("Ana Ribeiro", "Ana@Northwind.example"));
    await leads("cancel", "--id", ben!);
    const rows = await db.selectFrom("registrations").selectAll().orderBy("id").execute();
    const outbox = await db.selectFrom("outbox").select("id").orderBy("id").execute();

    const unknown = randomUUID();
    const refusals: [string[], string | RegExp, Date?][] = [
      [["--id", unknown, "--to", roundTable.slug], `No registration with the id ${unknown}.`],
      [["--id", ana!, "--to", "no-such-event"], 'No event "no-such-event" in content/events.'],
      [["--id", ana!, "--to", "checkout-performance-london"], /has started or is over/],
      [
        ["--id", ana!, "--to", roundTable.slug],
        `Registration for ${roundTable.slug} closed at ${roundTable.closesAt}.`,
        new Date("2027-03-17T09:00:00Z"),
      ],
      [["--id", ana!, "--to", workshop.slug], `is for ${workshop.slug} already`],
      [["--id", ben!, "--to", "mvp-in-eight-weeks-lisbon"], `is cancelled: there is no place`],
      [
        ["--id", ana!, "--to", roundTable.slug],
        `ana@northwind.example is registered for ${roundTable.slug} already`,
      ],
      [
        ["--id", ana!, "--to", "mvp-in-eight-weeks-lisbon"],
        `${workshop.slug} has started: its registrations stay as they are.`,
        new Date("2027-02-12T09:00:00Z"),
      ],
    ];
    for (const [argv, message, at] of refusals) {
      await expect(leadsCommand(db, at)("move", ...argv), argv.join(" ")).rejects.toThrow(message);
    }
    expect(await db.selectFrom("registrations").selectAll().orderBy("id").execute()).toEqual(rows);
    expect(await db.selectFrom("outbox").select("id").orderBy("id").execute()).toEqual(outbox);

    // The command line says why on stderr, and exits non-zero.
    const refused = leadsProcess(["move", "--id", unknown, "--to", roundTable.slug], database.url);
    expect(refused.stderr).toBe(`No registration with the id ${unknown}.\n`);
    expect(refused.status).toBe(1);
  });

  it("sends everyone registered the event as it now is, with calendar files of the same UID and SEQUENCE 1, then 2", async () => {
    // The facts as the registrations were taken: a day earlier, in a hall. The content has since
    // moved the workshop online, to the 11th.
    const before = {
      ...workshop,
      capacity: 1,
      format: "in-person" as const,
      city: "London",
      venue: "Old Hall",
      start: "2027-02-10T14:00",
      end: "2027-02-10T17:00",
      startsAt: "2027-02-10T14:00:00.000Z",
      endsAt: "2027-02-10T17:00:00.000Z",
    };
    const [ana, ben, cy] = await register(
      before,
      person("Ana Ribeiro", "ana@northwind.example"),
      person("Ben Okafor", "ben@northwind.example"),
      person("Cy Moreau", "cy@northwind.example"),
    );
    await cancelRegistration(db, before, cy!, today);
    let to = await deliver();
    const [confirmation] = to("ana@northwind.example");
    // The first file is revision 0, as ical-generator writes it.
    expect(calendarOf(confirmation!)).toMatchObject({ sequence: 0 });
    expect(confirmation!.text).toContain("Wed 10 February 2027, 14:00–17:00 GMT");

    for (const sequence of [1, 2]) {
      expect(await leads("notify-change", "--event", workshop.slug)).toBe(
        `Queued the "event changed" notice for ${workshop.slug} to 1 confirmed and 1 waiting ` +
          `(calendar file SEQUENCE ${sequence}); the server's outbox sends them.\n`,
      );
      to = await deliver();
      const [notice, ...more] = to("ana@northwind.example");
      expect(more).toEqual([]);
      expect(notice!.subject).toBe(`Event updated: ${workshop.title}`);
      expect(notice!.text).toContain(
        `  ${workshop.title}\n  Thu 11 February 2027, 14:00–17:00 GMT\n  Online\n`,
      );
      expect(notice!.text).toContain("Your place is still confirmed.");
      expect(notice!.text).not.toContain("Old Hall");
      expect(notice!.messageId).not.toBe(confirmation!.messageId);
      const calendar = calendarOf(notice!);
      expect(calendar).toMatchObject({
        uid: `event-${workshop.slug}@corvanta.example`,
        sequence,
        location: "Online",
      });
      expect(calendar.start.toISOString()).toBe(workshop.startsAt);
      expect(
        verifyCancelToken(
          CANCEL_SECRET,
          decodeURIComponent(/token=(\S+)$/m.exec(notice!.text!)![1]!),
        ),
      ).toBe(ana);

      const [waiting] = to("ben@northwind.example");
      expect(waiting!.subject).toBe(`Event updated: ${workshop.title}`);
      expect(waiting!.text).toContain("You are still on the waiting list.");
      expect(waiting!.attachments).toEqual([]);
      expect(to("cy@northwind.example")).toEqual([]);
      expect(to("events@corvanta.example")).toEqual([]);
    }

    // Cancelled after a notice was queued, before it went: the notice says so, with no cancel link.
    await leads("notify-change", "--event", workshop.slug);
    await cancelRegistration(db, workshop, ben!, today);
    to = await deliver();
    const late = to("ben@northwind.example").find((message) =>
      message.subject?.startsWith("Event"),
    );
    expect(late!.text).toContain("Your registration has since been cancelled");
    expect(late!.text).not.toContain("/cancel?token=");
  });

  it("refuses a notice nobody would get, or for an event that is unknown or over", async () => {
    await expect(leads("notify-change", "--event", roundTable.slug)).rejects.toThrow(
      `Nobody is registered for ${roundTable.slug}: no notice was sent.`,
    );
    await expect(leads("notify-change", "--event", "no-such-event")).rejects.toThrow(
      'No event "no-such-event" in content/events.',
    );
    await expect(leads("notify-change", "--event", "checkout-performance-london")).rejects.toThrow(
      "checkout-performance-london is over: there is nothing to change.",
    );
    expect(await db.selectFrom("registration_events").selectAll().execute()).toEqual([]);
  });
});
