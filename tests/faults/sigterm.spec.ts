import { Agent, request as httpRequest } from "node:http";
import { formFields } from "../support/contact-posts";
import { createTestDatabase, testDatabaseKinds } from "../support/test-databases";
import { expect, test } from "./fixtures";
import { humanToken, startServerProcess } from "./support";

// Issue 15, finding 5: SIGTERM while eight clients post in a loop. Every post
// whose request had reached the server's machine before the signal (written
// to the socket: in the listen backlog, or unread on a kept-alive connection)
// is answered, and stored; none is reset.

type Outcome = {
  email: string;
  /** The whole request was written to the socket before the signal was sent. */
  sentBeforeSignal: boolean;
  status?: number;
  error?: string;
};

/** One post, recording whether it was fully written before `signalled()` became true. */
function post(url: string, email: string, agent: Agent | false, signalled: () => boolean) {
  const body = new URLSearchParams(formFields(humanToken(), { email })).toString();
  return new Promise<Outcome>((resolve) => {
    const outcome: Outcome = { email, sentBeforeSignal: false };
    const req = httpRequest(
      `${url}/contact`,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(Buffer.byteLength(body)),
          Origin: url,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ ...outcome, status: res.statusCode }));
        res.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ ...outcome, error: error.code ?? error.message }),
        );
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ ...outcome, error: error.code ?? error.message }),
    );
    req.end(body, () => {
      outcome.sentBeforeSignal = !signalled();
    });
  });
}

for (const kind of testDatabaseKinds) {
  test(`SIGTERM during a stream of posts answers every post sent before it (${kind})`, async () => {
    const database = await createTestDatabase(kind);
    try {
      const server = await startServerProcess({
        DATABASE_URL: database.url,
        LEAD_SPOOL_FILE: "off",
      });
      let signalled = false;
      let serverGone = false;
      const outcomes: Outcome[] = [];
      // Four clients open a connection per post, four keep theirs alive between posts.
      const keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });
      const clients = Array.from({ length: 8 }, async (_, client) => {
        for (let n = 0; !serverGone; n++) {
          const outcome = await post(
            server.url,
            `sigterm-${client}-${n}@faults.example`,
            client < 4 ? false : keepAlive,
            () => signalled,
          );
          outcomes.push(outcome);
          if (outcome.error && signalled) serverGone = true;
          if (outcome.error && !signalled) throw new Error(`before the signal: ${outcome.error}`);
        }
      });
      await expect.poll(() => outcomes.length, { timeout: 60_000 }).toBeGreaterThan(40);

      signalled = true;
      server.stop().catch(() => undefined);
      const code = await server.exited;
      serverGone = true;
      await Promise.all(clients);
      keepAlive.destroy();
      expect(code).toBe(0);

      // Posts in flight at the signal: sent before it, answered after it.
      const sentBefore = outcomes.filter((outcome) => outcome.sentBeforeSignal);
      expect(sentBefore.filter((outcome) => outcome.status !== 303)).toEqual([]);
      // Those sent after it were answered too, or refused at the connection; never answered 5xx.
      for (const outcome of outcomes.filter((outcome) => !outcome.sentBeforeSignal)) {
        if (outcome.status !== undefined) expect(outcome.status).toBe(303);
        else expect(outcome.error).toMatch(/ECONNREFUSED|ECONNRESET|EPIPE|socket hang up/);
      }
      const lines = server.log().filter((line) => line.component === "http");
      expect(lines.filter((line) => line.aborted || Number(line.status) >= 500)).toEqual([]);

      const db = await database.open();
      const stored = (await db.selectFrom("leads").select("email").execute()).map(
        (row) => row.email,
      );
      const acknowledged = outcomes.filter((outcome) => outcome.status === 303);
      expect(acknowledged.length).toBeGreaterThan(40);
      expect([...stored].sort()).toEqual(acknowledged.map((outcome) => outcome.email).sort());
    } finally {
      await database.drop();
    }
  });
}
