import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findEvent, toEventFacts } from "~/features/events/events.server";
import { manualClock, recordingLogger } from "../../tests/support/manual-clock";
import {
  startPostgresCommitProxy,
  type PostgresCommitProxy,
} from "../../tests/support/postgres-commit-proxy";
import {
  cancellationPost,
  registrationFormFields,
  registrationPost,
} from "../../tests/support/registration-posts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-databases";
import { openDatabase, parseDatabaseUrl, type AppDatabase } from "../db/database";
import { signCancelToken } from "./cancel-token";
import { createRegistrationDesk } from "./registration-desk";

/*
 * Issue 41, defect 2: PostgreSQL committed a registration whose COMMIT was
 * answered too late, and the visitor was told "could not be saved" while the
 * confirmation, the team's e-mail and the webhook all went out. Whatever
 * happens to a COMMIT on its way, the visitor's answer says what the database
 * holds: saved and stored, or not saved and nothing stored (no e-mail queued).
 */
const roundTable = toEventFacts(findEvent("reconciliation-round-table-london")!);
const timeoutMs = 1_000;
const TOKEN_SECRET = "a-test-secret-that-is-long-enough-0003";
const CANCEL_SECRET = "a-cancel-secret-that-is-long-enough-04";

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a registration whose COMMIT is lost on its way",
  () => {
    let database: TestDatabase;
    let direct: AppDatabase;
    let proxied: AppDatabase;
    let proxy: PostgresCommitProxy;

    beforeEach(async () => {
      database = await createTestDatabase("postgres");
      direct = await database.open();
      proxy = await startPostgresCommitProxy(database.url);
      proxied = await openDatabase(parseDatabaseUrl(proxy.url), {
        migrate: false,
        timeoutMs,
        onError: () => undefined,
      });
    });
    afterEach(async () => {
      await proxied.destroy().catch(() => undefined);
      await proxy.close();
      await database.drop();
    });

    function openDesk() {
      const clock = manualClock(new Date("2027-01-10T09:00:00.000Z"));
      const desk = createRegistrationDesk({
        db: proxied,
        tokenSecret: TOKEN_SECRET,
        cancelSecret: CANCEL_SECRET,
        rateLimit: { maxPosts: 1_000, windowMs: 600_000 },
        log: recordingLogger(),
        now: clock,
        timeoutMs,
      });
      const token = desk.issueToken();
      clock.advance(20_000);
      return { desk, token };
    }

    const registrations = () =>
      direct.selectFrom("registrations").select(["id", "status"]).execute();
    const outbox = () => direct.selectFrom("outbox").select("kind").orderBy("kind").execute();

    it("committed with its reply lost: the visitor is told it is saved, and it is", async () => {
      const { desk, token } = openDesk();
      proxy.arm("reply");
      const outcome = await desk.register(
        roundTable,
        registrationPost(registrationFormFields(token)),
      );
      expect(proxy.lost()).toBe(1);
      expect(await registrations()).toEqual([{ id: expect.any(String), status: "confirmed" }]);
      expect(outcome).toEqual({ kind: "registered", status: "confirmed" });
    });

    it("the COMMIT never reaching the database: the visitor is told it is not saved, and nothing is stored or e-mailed", async () => {
      const { desk, token } = openDesk();
      proxy.arm("commit");
      const outcome = await desk.register(
        roundTable,
        registrationPost(registrationFormFields(token)),
      );
      expect(proxy.lost()).toBe(1);
      expect(outcome).toMatchObject({ kind: "unavailable" });
      expect(await registrations()).toEqual([]);
      expect(await outbox()).toEqual([]);
    });

    it("a cancellation committed with its reply lost is reported as cancelled", async () => {
      const { desk, token } = openDesk();
      expect(
        await desk.register(roundTable, registrationPost(registrationFormFields(token))),
      ).toEqual({ kind: "registered", status: "confirmed" });
      const [registration] = await registrations();
      proxy.arm("reply");
      const outcome = await desk.cancel(
        roundTable,
        cancellationPost(signCancelToken(CANCEL_SECRET, registration!.id)),
      );
      expect(proxy.lost()).toBe(1);
      expect(await registrations()).toEqual([{ id: registration!.id, status: "cancelled" }]);
      expect(outcome).toEqual({ kind: "cancelled" });
    });
  },
);
