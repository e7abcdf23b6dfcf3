import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { findEvent, toEventFacts } from "~/features/events/events.server";
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from "../../tests/support/test-databases";
import { seatCounts } from "./registration-store";

/*
 * Registrations from several server processes at once, each with its own
 * connection to the same database: five processes send ten registrations
 * each, at the same moment, for the round table's 20 places. SQLite's write
 * lock and PostgreSQL's row lock on the event must let exactly 20 through.
 * (Within one process, Kysely runs SQLite transactions one after another on
 * its single connection; across processes only the database keeps order.)
 */
const roundTable = toEventFacts(findEvent("reconciliation-round-table-london")!);

function burst(url: string, count: number, prefix: string, startAt: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "tests/support/register-burst.ts",
        url,
        JSON.stringify(roundTable),
        String(count),
        prefix,
        String(startAt),
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    let errors = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(output) as string[])
        : reject(new Error(`burst ${prefix} exited with ${code}: ${errors}`)),
    );
  });
}

describe.each(testDatabaseKinds)("registrations from five processes on %s", (kind) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  it("confirm exactly 20 of 50 for 20 places and put 30 on the waiting list", async () => {
    database = await createTestDatabase(kind);
    const db = await database.open();
    // Far enough ahead for every process to have started and connected.
    const startAt = Date.now() + 6_000;
    const results = await Promise.all(
      ["a", "b", "c", "d", "e"].map((prefix) => burst(database.url, 10, prefix, startAt)),
    );
    const all = results.flat();
    expect(all).toHaveLength(50);
    expect(all.filter((status) => status === "confirmed")).toHaveLength(20);
    expect(all.filter((status) => status === "waiting")).toHaveLength(30);
    expect(await seatCounts(db, roundTable.slug)).toEqual({ confirmed: 20, waiting: 30 });
    const seqs = await db.selectFrom("registrations").select("seq").orderBy("seq").execute();
    expect(seqs.map((row) => row.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  }, 90_000);
});
