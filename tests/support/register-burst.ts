import { openDatabase, parseDatabaseUrl } from "../../server/db/database";
import { storeRegistration } from "../../server/registrations/registration-store";
import type { EventFacts } from "~/features/events/registration-view";

/*
 * One "server process" of the multi-process registration test
 * (server/registrations/registration-concurrency.test.ts): opens the shared
 * database on its own connection(s), waits for the common start time, then
 * stores `count` registrations at once and prints how each ended, as JSON.
 * Usage: node --import tsx tests/support/register-burst.ts URL FACTS_JSON COUNT PREFIX START_MS
 */
const [url, factsJson, count, prefix, startAt] = process.argv.slice(2);
if (!url || !factsJson || !count || !prefix || !startAt) {
  throw new Error("usage: register-burst.ts URL FACTS_JSON COUNT PREFIX START_MS");
}
const facts = JSON.parse(factsJson) as EventFacts;
// The seat invariant is under test here, not the server's 5 s bound: on a
// loaded machine fifty queued transactions may wait longer than that for the
// event's lock, so this process waits as long as the test allows.
const db = await openDatabase(parseDatabaseUrl(url), {
  migrate: false,
  timeoutMs: 60_000,
  lockWaitMs: 60_000,
});
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
try {
  const results = await Promise.all(
    Array.from({ length: Number(count) }, (_, index) =>
      storeRegistration(
        db,
        facts,
        {
          name: `Guest ${prefix} ${index}`,
          email: `${prefix}-${index}@burst.example`,
          company: "Burst Ltd",
          jobTitle: null,
          answers: {},
        },
        new Date(),
      ),
    ),
  );
  process.stdout.write(
    JSON.stringify(
      results.map((result) => (result.kind === "registered" ? result.status : result.kind)),
    ),
  );
} finally {
  await db.destroy();
}
