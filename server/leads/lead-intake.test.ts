import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactFormMessages } from "~/features/contact/contact-schema";
import {
  contactPost,
  formFields,
  validEnquiry,
  validLeadFields,
} from "../../tests/support/contact-posts";
import { manualClock, recordingLogger, type ManualClock } from "../../tests/support/manual-clock";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../../tests/support/test-databases";
import type { AppDatabase } from "../db/database";
import { formTokenTiming, signFormToken } from "../forms/form-token";
import { createLeadIntake, type LeadIntake } from "./lead-intake";

const SECRET = "a-test-secret-that-is-long-enough-0001";
const rateLimit = { maxPosts: 3, windowMs: 10 * 60_000 };

describe.each(testDatabaseKinds)("the lead intake on %s", (kind) => {
  let database: TestDatabase;
  let db: AppDatabase;
  let clock: ManualClock;
  let log: ReturnType<typeof recordingLogger>;
  let intake: LeadIntake;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = await database.open();
    clock = manualClock();
    log = recordingLogger();
    intake = createLeadIntake({ db, tokenSecret: SECRET, rateLimit, log, now: clock });
  });
  afterEach(() => database.drop());

  /** A token from a form rendered now, returned after a person's few seconds of typing. */
  function humanToken(): string {
    const token = intake.issueToken();
    clock.advance(20_000);
    return token;
  }

  const leadCount = async () => (await db.selectFrom("leads").select("id").execute()).length;
  const outboxCount = async () => (await db.selectFrom("outbox").select("id").execute()).length;

  it("stores a valid enquiry together with its outbox row", async () => {
    const outcome = await intake.receive(contactPost(formFields(humanToken())));
    expect(outcome).toMatchObject({ kind: "accepted" });
    const lead = await db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ ...validLeadFields, consented_at: clock().toISOString() });
    const outbox = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ lead_id: lead.id, sent_at: null, attempts: 0 });
  });

  it("stores an enquiry without company or budget, both null (they are optional)", async () => {
    const outcome = await intake.receive(
      contactPost(formFields(humanToken(), { company: "", budget: undefined })),
    );
    expect(outcome).toMatchObject({ kind: "accepted" });
    const lead = await db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ company: null, budget: null, name: validLeadFields.name });
    expect(await outboxCount()).toBe(1);
  });

  it("stores markup and SQL exactly as sent", async () => {
    const markup = `"><img src=x onerror=alert(1)>`;
    const sql = `' OR 1=1--`;
    const fields = { name: markup, company: sql, message: `${markup}\n${sql}\nPlease reply.` };
    expect(await intake.receive(contactPost(formFields(humanToken(), fields)))).toMatchObject({
      kind: "accepted",
    });
    const lead = await db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
    expect(lead).toMatchObject(fields);
    expect(await leadCount()).toBe(1);
  });

  const rejections: [string, (token: string) => Record<string, string>, string][] = [
    [
      "a filled trap",
      (token) => formFields(token, { website: "https://spam.example" }),
      "trap-filled",
    ],
    ["a missing trap", (token) => formFields(token, { website: undefined }), "trap-missing"],
    [
      "a tampered token",
      (token) => formFields(token.replace(/\.(\w)/, (_, c: string) => `.${c === "a" ? "b" : "a"}`)),
      "token-invalid",
    ],
    [
      "a token signed with another secret",
      () =>
        formFields(signFormToken("another-secret-entirely-xxxxxxxxxxxx", new Date(0), "contact")),
      "token-invalid",
    ],
  ];
  it("asks a post with no token (a page without JavaScript) to be sent once more, and stores nothing", async () => {
    const outcome = await intake.receive(contactPost(formFields("", { formToken: undefined })));
    expect(outcome).toMatchObject({ kind: "confirm", values: { email: validEnquiry.email } });
    expect(await leadCount()).toBe(0);
    expect(log.lines).toEqual(["Contact form: rejected a post from 203.0.113.10 (token-missing)"]);
  });

  for (const [what, fields, reason] of rejections) {
    it(`rejects ${what} and stores nothing`, async () => {
      const outcome = await intake.receive(contactPost(fields(humanToken())));
      expect(outcome).toMatchObject({ kind: "rejected" });
      expect(await leadCount()).toBe(0);
      expect(await outboxCount()).toBe(0);
      expect(log.lines).toEqual([`Contact form: rejected a post from 203.0.113.10 (${reason})`]);
    });
  }

  it("rejects a post sent faster than a person can fill the form in", async () => {
    const token = intake.issueToken();
    clock.advance(formTokenTiming.minAgeMs - 1);
    expect(await intake.receive(contactPost(formFields(token)))).toMatchObject({
      kind: "rejected",
    });
    expect(await leadCount()).toBe(0);
    expect(log.lines.at(-1)).toMatch(/\(token-too-fast\)$/);
  });

  it("asks for the form again when its token has expired, and keeps what was typed", async () => {
    const token = intake.issueToken();
    clock.advance(formTokenTiming.maxAgeMs + 1);
    const outcome = await intake.receive(contactPost(formFields(token)));
    expect(outcome).toEqual({ kind: "expired", values: validEnquiry });
    expect(await leadCount()).toBe(0);
  });

  it("answers the post over the rate limit with the seconds to wait, and stores nothing", async () => {
    for (let post = 0; post < rateLimit.maxPosts; post++) {
      expect(await intake.receive(contactPost(formFields(humanToken())))).toMatchObject({
        kind: "accepted",
      });
    }
    clock.advance(60_000);
    const outcome = await intake.receive(contactPost(formFields(humanToken())));
    // The window opened with the first post at 20 s; this one comes at 140 s.
    expect(outcome).toMatchObject({ kind: "rate-limited", retryAfterSeconds: 600 - (140 - 20) });
    expect(await leadCount()).toBe(rateLimit.maxPosts);

    clock.advance(600_000);
    expect(await intake.receive(contactPost(formFields(humanToken())))).toMatchObject({
      kind: "accepted",
    });
  });

  it("counts posts of every server process that shares the database", async () => {
    const otherProcess = createLeadIntake({ db, tokenSecret: SECRET, rateLimit, log, now: clock });
    await intake.receive(contactPost(formFields(humanToken())));
    await otherProcess.receive(contactPost(formFields(humanToken())));
    await intake.receive(contactPost(formFields(humanToken())));
    expect(await otherProcess.receive(contactPost(formFields(humanToken())))).toMatchObject({
      kind: "rate-limited",
    });
    // Another client is not affected.
    expect(
      await otherProcess.receive(contactPost(formFields(humanToken()), "198.51.100.7")),
    ).toMatchObject({ kind: "accepted" });
  });

  it("accepts a form token once: a replay, from any address or process, stores nothing", async () => {
    const token = humanToken();
    expect(await intake.receive(contactPost(formFields(token)))).toMatchObject({
      kind: "accepted",
    });
    const otherProcess = createLeadIntake({ db, tokenSecret: SECRET, rateLimit, log, now: clock });
    for (const [receiver, address] of [
      [intake, "203.0.113.10"],
      [intake, "198.51.100.7"],
      [otherProcess, "2001:db8::1"],
    ] as const) {
      const replay = await receiver.receive(
        contactPost(formFields(token, { email: "someone.else@replay.example" }), address),
      );
      expect(replay).toMatchObject({ kind: "rejected" });
    }
    expect(await leadCount()).toBe(1);
    expect(await outboxCount()).toBe(1);
    expect(log.lines.filter((line) => line.endsWith("(token-replayed)"))).toHaveLength(3);
    // A fresh rendering of the form works as always.
    expect(await intake.receive(contactPost(formFields(humanToken())))).toMatchObject({
      kind: "accepted",
    });
  });

  it("counts the addresses of one IPv6 /64 together", async () => {
    const token = humanToken();
    for (let host = 1; host <= rateLimit.maxPosts; host++) {
      await intake.receive(contactPost(formFields(token), `2001:db8:1:2::${host}`));
    }
    expect(
      await intake.receive(contactPost(formFields(token), "2001:db8:1:2:ffff::9")),
    ).toMatchObject({ kind: "rate-limited" });
  });

  it("answers invalid fields with their messages and stores nothing", async () => {
    const outcome = await intake.receive(
      contactPost(formFields(humanToken(), { email: "not-an-address", consent: undefined })),
    );
    expect(outcome).toEqual({
      kind: "invalid",
      errors: {
        email: contactFormMessages.email.malformed,
        consent: contactFormMessages.consent.missing,
      },
      values: { ...validEnquiry, email: "not-an-address", consent: undefined },
    });
    expect(await leadCount()).toBe(0);
  });

  it("turns away a body that is not form data", async () => {
    const post = { ...contactPost({}), form: null };
    expect(await intake.receive(post)).toMatchObject({ kind: "rejected" });
    expect(await leadCount()).toBe(0);
  });

  it("never logs a visitor's message or e-mail address", async () => {
    await intake.receive(contactPost(formFields(humanToken())));
    await intake.receive(contactPost(formFields(humanToken(), { website: "x" })));
    await intake.receive(contactPost(formFields("forged")));
    expect(log.lines.length).toBeGreaterThanOrEqual(3);
    const everything = log.lines.join("\n");
    expect(everything).not.toContain(validEnquiry.email);
    expect(everything).not.toContain(validEnquiry.message);
    expect(everything).not.toContain(validEnquiry.name);
  });
});
