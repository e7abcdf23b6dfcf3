import {
  InsertQueryNode,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Driver,
} from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findEvent, toEventFacts } from "~/features/events/events.server";
import type { EventFacts } from "~/features/events/registration-view";
import { manualClock, recordingLogger, type ManualClock } from "../../tests/support/manual-clock";
import {
  registrationPost,
  registrationFormFields,
  cancellationPost,
} from "../../tests/support/registration-posts";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../../tests/support/test-databases";
import type { AppDatabase } from "../db/database";
import type { Database } from "../db/schema";
import { formFields, contactPost } from "../../tests/support/contact-posts";
import { createLeadIntake } from "../leads/lead-intake";
import { signCancelToken } from "./cancel-token";
import { createRegistrationDesk, type RegistrationDesk } from "./registration-desk";
import { seatCountFailureMaxAgeMs, seatCountMaxAgeMs } from "./seat-counts";
import { listRegistrations } from "./registration-reads";

const TOKEN_SECRET = "a-test-secret-that-is-long-enough-0003";
const CANCEL_SECRET = "a-cancel-secret-that-is-long-enough-04";
/** Where the seat counts' clock starts: lru-cache takes an entry stored at 0 for one that never ages. */
const clockStartMs = 1_000_000;
const roundTable = toEventFacts(findEvent("reconciliation-round-table-london")!);

/**
 * The token with one character of its signature changed. Not the last one: in
 * unpadded base64url its low bits are padding, so some changes decode to the
 * same bytes and the token would still be valid.
 */
function tamperedSignature(token: string): string {
  const at = token.length - 5;
  return token.slice(0, at) + (token[at] === "A" ? "B" : "A") + token.slice(at + 1);
}

describe.each(testDatabaseKinds)("the registration desk on %s", (kind) => {
  let database: TestDatabase;
  let db: AppDatabase;
  let clock: ManualClock;
  let log: ReturnType<typeof recordingLogger>;
  let desk: RegistrationDesk;
  let queued = 0;
  /** The seat counts' clock (ms): moved by hand, so their ages are tested without waiting. */
  let seatClockMs = clockStartMs;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = await database.open();
    // Two months before the round table, which closes on 16 March 2027.
    clock = manualClock(new Date("2027-01-10T09:00:00.000Z"));
    log = recordingLogger();
    queued = 0;
    seatClockMs = clockStartMs;
    desk = openDesk(() => (queued += 1));
  });

  /** A desk on the test's database and clock, as the server makes one. */
  const openDesk = (onMailQueued?: () => void) =>
    createRegistrationDesk({
      db,
      tokenSecret: TOKEN_SECRET,
      cancelSecret: CANCEL_SECRET,
      rateLimit: { maxPosts: 1_000, windowMs: 600_000 },
      log,
      now: clock,
      onMailQueued,
      seatCountClock: () => seatClockMs,
    });
  afterEach(() => database.drop());

  /** Tokens from forms rendered now, sent after a person's few seconds of typing. */
  function humanTokens(count = 1): string[] {
    const tokens = Array.from({ length: count }, () => desk.issueToken());
    clock.advance(20_000);
    return tokens;
  }

  const register = (event: EventFacts, fields: Record<string, string>) =>
    desk.register(event, registrationPost(fields));

  const rows = () => db.selectFrom("registrations").selectAll().orderBy("seq").execute();
  const outbox = () =>
    db.selectFrom("outbox").select(["registration_id", "kind"]).orderBy("created_at").execute();

  it("confirms a place, and queues the attendee's confirmation and the team's notification", async () => {
    const [token] = humanTokens();
    const outcome = await register(
      roundTable,
      registrationFormFields(token!, {
        email: "Ana.Ribeiro@Northwind.example",
        "answer-dietary-needs": "Vegetarian",
      }),
    );
    expect(outcome).toEqual({ kind: "registered", status: "confirmed" });
    const [row] = await rows();
    expect(row).toMatchObject({
      event_slug: roundTable.slug,
      seq: 1,
      status: "confirmed",
      email: "Ana.Ribeiro@Northwind.example",
      email_key: "ana.ribeiro@northwind.example",
      answers: JSON.stringify({ "dietary-needs": "Vegetarian" }),
      consented_at: clock().toISOString(),
      confirmed_at: clock().toISOString(),
    });
    expect(await outbox()).toEqual([
      { registration_id: row!.id, kind: "registration-confirmed" },
      { registration_id: row!.id, kind: "registration-team-new" },
    ]);
    expect(await desk.seats(roundTable.slug)).toEqual({ confirmed: 1, waiting: 0 });
    expect(queued).toBe(1);
    expect(log.lines.join("\n")).not.toContain("northwind");
  });

  it("takes 50 registrations sent at once for 20 places: exactly 20 confirmed, 30 waiting, in arrival order", async () => {
    const tokens = humanTokens(50);
    const outcomes = await Promise.all(
      tokens.map((token, index) =>
        register(
          roundTable,
          registrationFormFields(token, { email: `guest-${index}@parallel.example` }),
        ),
      ),
    );
    const statuses = outcomes.map((outcome) =>
      outcome.kind === "registered" ? outcome.status : outcome.kind,
    );
    expect(statuses.filter((status) => status === "confirmed")).toHaveLength(20);
    expect(statuses.filter((status) => status === "waiting")).toHaveLength(30);

    const stored = await rows();
    expect(stored.map((row) => row.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // The first twenty to arrive hold the places; nobody after them does.
    expect(stored.slice(0, 20).every((row) => row.status === "confirmed")).toBe(true);
    expect(stored.slice(20).every((row) => row.status === "waiting")).toBe(true);
    expect(await desk.seats(roundTable.slug)).toEqual({ confirmed: 20, waiting: 30 });

    const mails = await outbox();
    expect(mails.filter((mail) => mail.kind === "registration-confirmed")).toHaveLength(20);
    expect(mails.filter((mail) => mail.kind === "registration-waiting")).toHaveLength(30);
    expect(mails.filter((mail) => mail.kind === "registration-team-new")).toHaveLength(50);
  });

  it("takes one registration per address and event, whatever its case, answering as for a new one and telling the person by e-mail", async () => {
    const [first, second, third] = humanTokens(3);
    await register(roundTable, registrationFormFields(first!, { email: "ana@northwind.example" }));
    const again = await register(
      roundTable,
      registrationFormFields(second!, { email: "ANA@Northwind.Example", name: "Someone Else" }),
    );
    // The page says what it says to anyone who registers: nothing about who is registered.
    expect(again).toEqual({ kind: "registered", status: "confirmed" });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(await outbox()).toEqual([
      { registration_id: stored[0]!.id, kind: "registration-confirmed" },
      { registration_id: stored[0]!.id, kind: "registration-team-new" },
      { registration_id: stored[0]!.id, kind: "registration-already" },
    ]);

    // Another event is another registration.
    const workshop = toEventFacts(findEvent("threat-modelling-workshop")!);
    expect(
      await register(
        workshop,
        registrationFormFields(third!, {
          email: "ana@northwind.example",
          "answer-role": "Engineer",
        }),
      ),
    ).toEqual({ kind: "registered", status: "confirmed" });
  });

  it("accepts a form token once: the same token sent from ten addresses registers one person", async () => {
    const [token] = humanTokens();
    const outcomes = [];
    for (let index = 0; index < 10; index++) {
      outcomes.push(
        await desk.register(
          roundTable,
          registrationPost(
            registrationFormFields(token!, { email: `replay-${index}@replay.example` }),
            `198.51.100.${index + 1}`,
          ),
        ),
      );
    }
    expect(outcomes[0]).toEqual({ kind: "registered", status: "confirmed" });
    expect(outcomes.slice(1).map((outcome) => outcome.kind)).toEqual(Array(9).fill("rejected"));
    expect(await rows()).toHaveLength(1);
    expect(await outbox()).toHaveLength(2);
    expect(log.lines.filter((line) => line.endsWith("(token-replayed)"))).toHaveLength(9);
  });

  it("takes its own form's tokens only: a contact form's token is refused, used or not, and the contact form refuses a registration's", async () => {
    const contact = createLeadIntake({
      db,
      tokenSecret: TOKEN_SECRET,
      rateLimit: { maxPosts: 1_000, windowMs: 600_000 },
      log,
      now: clock,
    });
    const usedOnContact = contact.issueToken();
    const unusedContact = contact.issueToken();
    const [registrationToken] = humanTokens();
    expect(await contact.receive(contactPost(formFields(usedOnContact)))).toMatchObject({
      kind: "accepted",
    });
    for (const token of [usedOnContact, unusedContact]) {
      expect(await register(roundTable, registrationFormFields(token))).toMatchObject({
        kind: "rejected",
      });
    }
    expect(await register(roundTable, registrationFormFields(registrationToken!))).toEqual({
      kind: "registered",
      status: "confirmed",
    });
    expect(await contact.receive(contactPost(formFields(registrationToken!)))).toMatchObject({
      kind: "rejected",
    });
    expect(await rows()).toHaveLength(1);
    expect(await db.selectFrom("leads").select("id").execute()).toHaveLength(1);
  });

  it("refuses a registration once registration has closed, and stores nothing", async () => {
    // The form was opened just before the closing time, and sent just after.
    clock.advance(Date.parse(roundTable.closesAt) - clock().getTime() - 10_000);
    const [token] = humanTokens();
    const outcome = await register(roundTable, registrationFormFields(token!));
    expect(outcome).toMatchObject({ kind: "closed" });
    expect(await rows()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("answers bad input with each field's message, and the abuse rules as the contact form does, storing nothing", async () => {
    const [token, trapped, tampered] = humanTokens(3);
    const invalid = await register(
      roundTable,
      registrationFormFields(token!, { email: "not an address", consent: undefined }),
    );
    expect(invalid).toMatchObject({
      kind: "invalid",
      errors: { email: expect.any(String), consent: expect.any(String) },
    });
    expect(
      await register(roundTable, registrationFormFields(trapped!, { website: "http://x.example" })),
    ).toMatchObject({ kind: "rejected" });
    expect(
      await register(roundTable, registrationFormFields(tamperedSignature(tampered!))),
    ).toMatchObject({ kind: "rejected" });
    expect(log.lines.filter((line) => line.startsWith("Event registration: rejected"))).toEqual([
      "Event registration: rejected a post from 203.0.113.20 (trap-filled)",
      "Event registration: rejected a post from 203.0.113.20 (token-invalid)",
    ]);
    expect(await rows()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("reads seat counts once a second at most, and shows a registration or cancellation it takes at once", async () => {
    expect(await desk.seats(roundTable.slug)).toEqual({ confirmed: 0, waiting: 0 });
    // A registration stored by another process (say a second server): not
    // seen until the remembered counts are a second old.
    const [elsewhere] = humanTokens();
    await openDesk().register(
      roundTable,
      registrationPost(registrationFormFields(elsewhere!, { email: "elsewhere@example.org" })),
    );
    expect(await desk.seats(roundTable.slug)).toEqual({ confirmed: 0, waiting: 0 });
    seatClockMs += seatCountMaxAgeMs + 1;
    expect(await desk.seats(roundTable.slug)).toEqual({ confirmed: 1, waiting: 0 });

    // One this desk takes shows on the next read.
    const [token] = humanTokens();
    await register(roundTable, registrationFormFields(token!, { email: "here@example.org" }));
    expect(await desk.seats(roundTable.slug)).toEqual({ confirmed: 2, waiting: 0 });
    const [row] = (await rows()).filter(
      (registration) => registration.email === "here@example.org",
    );
    await desk.cancel(roundTable, cancellationPost(signCancelToken(CANCEL_SECRET, row!.id)));
    expect(await desk.seats(roundTable.slug)).toEqual({ confirmed: 1, waiting: 0 });
  });

  describe("cancelling", () => {
    /** Fills the round table and puts two people on its waiting list. */
    async function fillRoundTable() {
      const tokens = humanTokens(22);
      for (const [index, token] of tokens.entries()) {
        await register(
          roundTable,
          registrationFormFields(token, { email: `p${index}@full.example` }),
        );
      }
      return rows();
    }

    it("frees the place, gives it to the first person waiting, and queues their e-mail and the team's", async () => {
      const stored = await fillRoundTable();
      const leaving = stored[3]!;
      const [firstWaiting, secondWaiting] = [stored[20]!, stored[21]!];
      const token = signCancelToken(CANCEL_SECRET, leaving.id);

      expect(await desk.checkCancellation(roundTable, token)).toEqual({
        kind: "valid",
        status: "confirmed",
      });
      expect(await desk.cancel(roundTable, cancellationPost(token))).toEqual({ kind: "cancelled" });

      const after = await rows();
      expect(after.find((row) => row.id === leaving.id)).toMatchObject({
        status: "cancelled",
        cancelled_at: clock().toISOString(),
      });
      expect(after.find((row) => row.id === firstWaiting.id)).toMatchObject({
        status: "confirmed",
        confirmed_at: clock().toISOString(),
      });
      expect(after.find((row) => row.id === secondWaiting.id)?.status).toBe("waiting");
      expect(await desk.seats(roundTable.slug)).toEqual({ confirmed: 20, waiting: 1 });
      expect((await outbox()).slice(-2)).toEqual([
        { registration_id: leaving.id, kind: "registration-team-cancelled" },
        { registration_id: firstWaiting.id, kind: "registration-promoted" },
      ]);
      // The staff list: places in the order they were given, then the waiting list.
      const listed = await listRegistrations(db, roundTable.slug);
      expect(listed.map((row) => row.id).slice(-2)).toEqual([firstWaiting.id, secondWaiting.id]);
      expect(listed).toHaveLength(21);

      // The link works once.
      expect(await desk.checkCancellation(roundTable, token)).toEqual({
        kind: "already-cancelled",
      });
      expect(await desk.cancel(roundTable, cancellationPost(token))).toEqual({
        kind: "already-cancelled",
      });
      expect(await desk.seats(roundTable.slug)).toEqual({ confirmed: 20, waiting: 1 });
    });

    it("takes the person off the waiting list without promoting anyone", async () => {
      const stored = await fillRoundTable();
      const token = signCancelToken(CANCEL_SECRET, stored[20]!.id);
      expect(await desk.cancel(roundTable, cancellationPost(token))).toEqual({ kind: "cancelled" });
      expect(await desk.seats(roundTable.slug)).toEqual({ confirmed: 20, waiting: 1 });
      expect((await outbox()).at(-1)?.kind).toBe("registration-team-cancelled");
    });

    it("refuses a forged or foreign token, and a cancellation after the start, changing nothing", async () => {
      const stored = await fillRoundTable();
      const genuine = signCancelToken(CANCEL_SECRET, stored[0]!.id);
      const forged = [
        signCancelToken("another-secret-entirely-xxxxxxxxxxxx", stored[0]!.id),
        genuine.slice(0, -2),
        `c1.${stored[1]!.id}.${genuine.split(".")[2]}`,
        "",
        "c1.not-a-uuid.x",
      ];
      for (const token of forged) {
        expect(await desk.checkCancellation(roundTable, token), token).toEqual({ kind: "invalid" });
        expect(await desk.cancel(roundTable, cancellationPost(token)), token).toEqual({
          kind: "invalid",
        });
      }
      expect(await desk.checkCancellation(roundTable, null)).toEqual({ kind: "invalid" });
      // A genuine token used on another event's page.
      const workshop = toEventFacts(findEvent("threat-modelling-workshop")!);
      expect(await desk.cancel(workshop, cancellationPost(genuine))).toEqual({ kind: "invalid" });

      clock.advance(Date.parse(roundTable.startsAt) - clock().getTime());
      expect(await desk.cancel(roundTable, cancellationPost(genuine))).toEqual({ kind: "closed" });
      expect(await desk.seats(roundTable.slug)).toEqual({ confirmed: 20, waiting: 2 });
    });

    it("answers an address already registered for a full event as it answers a new one: the waiting list", async () => {
      const stored = await fillRoundTable();
      const [token] = humanTokens();
      expect(
        await register(roundTable, registrationFormFields(token!, { email: "P0@full.example" })),
      ).toEqual({ kind: "registered", status: "waiting" });
      expect(await rows()).toHaveLength(22);
      expect((await outbox()).at(-1)).toEqual({
        registration_id: stored[0]!.id,
        kind: "registration-already",
      });
    });

    it("lets a person who cancelled register again", async () => {
      const [first, second] = humanTokens(2);
      await register(roundTable, registrationFormFields(first!, { email: "back@again.example" }));
      const [row] = await rows();
      await desk.cancel(roundTable, cancellationPost(signCancelToken(CANCEL_SECRET, row!.id)));
      expect(
        await register(
          roundTable,
          registrationFormFields(second!, { email: "back@again.example" }),
        ),
      ).toEqual({ kind: "registered", status: "confirmed" });
      expect((await rows()).map((r) => r.status)).toEqual(["cancelled", "confirmed"]);
    });
  });
  it("answers 'could not be saved' to a registration whose transaction runs past the deadline, and stores nothing", async () => {
    const timeoutMs = 300;
    // The database answers the registration's insert only after the deadline has passed.
    const registrationInserts = new WeakSet<object>();
    const slow = db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        if (InsertQueryNode.is(node) && node.into?.table.identifier.name === "registrations") {
          registrationInserts.add(queryId);
        }
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        if (registrationInserts.has(queryId)) {
          await new Promise((resolve) => setTimeout(resolve, timeoutMs + 100));
        }
        return result;
      },
    });
    const slowDesk = createRegistrationDesk({
      db: slow,
      tokenSecret: TOKEN_SECRET,
      cancelSecret: CANCEL_SECRET,
      rateLimit: { maxPosts: 1_000, windowMs: 600_000 },
      log,
      now: clock,
      timeoutMs,
    });
    // The event's row exists already, as after its first registration: the
    // transaction locks it, so the check below can wait for its end.
    await db
      .insertInto("registration_events")
      .values({
        slug: roundTable.slug,
        facts: JSON.stringify(roundTable),
        updated_at: clock().toISOString(),
      })
      .execute();
    const fields = registrationFormFields(slowDesk.issueToken(), { email: "late@slow.example" });
    clock.advance(20_000);
    expect(await slowDesk.register(roundTable, registrationPost(fields))).toMatchObject({
      kind: "unavailable",
      values: { email: "late@slow.example" },
    });
    // Waits for the transaction to end: it holds the event's row (PostgreSQL)
    // or the one connection (SQLite) until it commits or rolls back.
    await db
      .updateTable("registration_events")
      .set({ updated_at: clock().toISOString() })
      .where("slug", "=", roundTable.slug)
      .execute();
    expect(await rows()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("answers 'could not be saved' with the form as typed when the database is gone, storing nothing", async () => {
    const [token] = humanTokens();
    const registered = await register(roundTable, registrationFormFields(token!));
    expect(registered).toMatchObject({ kind: "registered" });
    const [row] = await rows();

    // A handle whose database is gone: every query on it fails at once.
    const gone = await database.open({ timeoutMs: 600, lockWaitMs: 5 });
    await gone.destroy();
    const goneDesk = createRegistrationDesk({
      db: gone,
      tokenSecret: TOKEN_SECRET,
      cancelSecret: CANCEL_SECRET,
      rateLimit: { maxPosts: 1_000, windowMs: 600_000 },
      log,
      now: clock,
      timeoutMs: 600,
    });
    const fields = registrationFormFields(goneDesk.issueToken(), {
      email: "second@northwind.example",
      "answer-dietary-needs": "No nuts",
    });
    clock.advance(20_000);
    const outcome = await goneDesk.register(roundTable, registrationPost(fields));
    expect(outcome).toMatchObject({
      kind: "unavailable",
      retryAfterSeconds: expect.any(Number),
      values: { email: "second@northwind.example", "answer-dietary-needs": "No nuts" },
    });
    const cancelToken = signCancelToken(CANCEL_SECRET, row!.id);
    expect(await goneDesk.cancel(roundTable, cancellationPost(cancelToken))).toEqual({
      kind: "unavailable",
    });
    await expect(goneDesk.checkCancellation(roundTable, cancelToken)).rejects.toThrow();
    await expect(goneDesk.seats(roundTable.slug)).rejects.toThrow();

    // Nothing half-stored: the one registration from before, still confirmed.
    expect((await rows()).map((r) => [r.email, r.status])).toEqual([[row!.email, "confirmed"]]);
  });
});

/**
 * A database that takes every query and never answers, as a paused
 * PostgreSQL does, counting the queries it was sent.
 */
function hangingDatabase() {
  let queries = 0;
  const connection: DatabaseConnection = {
    executeQuery: () => {
      queries += 1;
      return new Promise(() => {});
    },
    // eslint-disable-next-line require-yield
    streamQuery: async function* () {
      throw new Error("not used");
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  return { db, queries: () => queries };
}

describe("the registration desk while the database hangs", () => {
  it("reads the seat count once, and for a while after answers at once without it", async () => {
    const hanging = hangingDatabase();
    let seatClockMs = clockStartMs;
    const desk = createRegistrationDesk({
      db: hanging.db,
      tokenSecret: TOKEN_SECRET,
      cancelSecret: CANCEL_SECRET,
      rateLimit: { maxPosts: 1_000, windowMs: 600_000 },
      log: recordingLogger(),
      timeoutMs: 100,
      seatCountClock: () => seatClockMs,
    });
    const read = async () => desk.seats(roundTable.slug);

    // Two requests at the same moment wait for the same read.
    const [first, second] = await Promise.allSettled([read(), read()]);
    expect([first.status, second.status]).toEqual(["rejected", "rejected"]);
    expect(hanging.queries()).toBe(1);
    // The failure is remembered: the rest of the request (the render cache's
    // check, its render, React Router's render) and the requests after it get
    // the failure without asking the database again.
    for (let request = 0; request < 3; request++) await expect(read()).rejects.toThrow();
    expect(hanging.queries()).toBe(1);
    // Not for long: then the next request asks again.
    seatClockMs += seatCountFailureMaxAgeMs + 1;
    await expect(read()).rejects.toThrow();
    expect(hanging.queries()).toBe(2);
  });
});
