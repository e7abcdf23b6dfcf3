import { describeDatabase, openDatabase, parseDatabaseUrl } from "../server/db/database";
import { readEnv } from "../server/env";
import { createLeadSpool } from "../server/leads/lead-spool";
import { sendWebhooksTo } from "../server/outbox/webhooks";
import { spoolFileFor } from "../server/services";
import { parseLeadsArgs, runLeadsCommand, UsageError } from "./leads-command";

// Entry of `npm run leads`; see scripts/leads-command.ts and docs/leads.md.
try {
  const command = parseLeadsArgs(process.argv.slice(2));
  if (command.command === "help") {
    // Help needs no database, and is not an error.
    process.stdout.write(`${command.usage}\n`);
    process.exit(0);
  }
  const env = readEnv();
  // Staff's cancellations and moves queue the webhooks the site's own would (WEBHOOK_URLS).
  sendWebhooksTo(env.WEBHOOK_URLS);
  const location = parseDatabaseUrl(env.DATABASE_URL);
  const db = await openDatabase(location);
  // person and erase also read the server's spool (LEAD_SPOOL_FILE, as the server finds it).
  const spoolFile = spoolFileFor(location, env.LEAD_SPOOL_FILE);
  const spool = spoolFile ? createLeadSpool(spoolFile, describeDatabase(location)) : undefined;
  try {
    await runLeadsCommand(command, db, (text) => process.stdout.write(text), { spool });
  } finally {
    spool?.close();
    await db.destroy();
  }
} catch (error) {
  if (error instanceof UsageError) {
    console.error(
      `${error.message}\n(npm run leads -- --help lists the commands; npm run leads -- COMMAND --help, their options.)`,
    );
    process.exit(2);
  }
  console.error((error as Error).message);
  process.exit(1);
}
