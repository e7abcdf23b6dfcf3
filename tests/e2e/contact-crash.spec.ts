import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { signFormToken } from "../../server/forms/form-token";
import { formFields } from "../support/contact-posts";
import { createTestDatabase, testDatabaseKinds } from "../support/test-databases";
import { postForm } from "./contact-support";
import { expect, test } from "./fixtures";

// The production server, killed with SIGKILL while it acknowledges posts: every
// lead it acknowledged (answered 303) must be in the database after a restart.

const SECRET = "crash-test-form-token-secret-0123456789";

function startServer(databaseUrl: string) {
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      DATABASE_URL: databaseUrl,
      FORM_TOKEN_SECRET: SECRET,
      RATE_LIMIT_MAX: "100000",
      WRITE_RATE_LIMIT_PER_MINUTE: "100000",
      SMTP_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const port = /listening on http:\/\/[^\s/"]+:(\d+)/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", () => reject(new Error(`the server exited:\n${output}`)));
  });
  return { child, url, exited: once(child, "exit") };
}

for (const kind of testDatabaseKinds) {
  test(`every acknowledged lead survives a SIGKILL (${kind})`, async () => {
    test.slow();
    const database = await createTestDatabase(kind);
    try {
      const first = startServer(database.url);
      const url = await first.url;

      const acknowledged: string[] = [];
      let serverGone = false;
      // Six clients post one after another as fast as the server answers.
      const clients = Array.from({ length: 6 }, async (_, client) => {
        for (let n = 0; !serverGone; n++) {
          const email = `crash-${client}-${n}@e2e.example`;
          // A token from a form rendered a minute ago, signed with the server's secret.
          const token = signFormToken(SECRET, new Date(Date.now() - 60_000), "contact");
          const response = await postForm(`${url}/contact`, formFields(token, { email })).catch(
            () => null,
          );
          if (response === null) serverGone = true;
          else if (response.status === 303) acknowledged.push(email);
          else throw new Error(`unexpected ${response.status}: ${response.text.slice(0, 200)}`);
        }
      });

      await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(30);
      first.child.kill("SIGKILL");
      await first.exited;
      await Promise.all(clients);
      const acknowledgedBeforeKill = [...acknowledged];

      // The server starts again on the same database (migrations run again, changing nothing)...
      const second = startServer(database.url);
      const restartedUrl = await second.url;
      expect((await fetch(`${restartedUrl}/healthz`)).status).toBe(200);
      second.child.kill("SIGTERM");
      await second.exited;

      // ...and the sales team's export lists every acknowledged lead, each with its outbox row.
      const exported = spawnSync(
        process.execPath,
        ["--import", "tsx", "scripts/leads.ts", "export", "--format", "json"],
        { env: { ...process.env, DATABASE_URL: database.url }, encoding: "utf8" },
      );
      expect(exported.status, exported.stderr).toBe(0);
      const stored = new Set(
        (JSON.parse(exported.stdout) as { email: string }[]).map((lead) => lead.email),
      );
      const missing = acknowledgedBeforeKill.filter((email) => !stored.has(email));
      expect(missing).toEqual([]);

      const db = await database.open();
      const withoutOutbox = await db
        .selectFrom("leads")
        .leftJoin("outbox", "outbox.lead_id", "leads.id")
        .select("leads.email")
        .where("outbox.id", "is", null)
        .execute();
      expect(withoutOutbox).toEqual([]);
    } finally {
      await database.drop();
    }
  });
}

test("a database the server cannot open stops it with a message, before it listens", async () => {
  const server = startServer("postgres://nobody@127.0.0.1:1/corvanta");
  await expect(server.url).rejects.toThrow(/The lead database could not be opened/);
  const [code] = await server.exited;
  expect(code).toBe(1);
});
