import { openDatabase, parseDatabaseUrl } from "../server/db/database";
import { readEnv } from "../server/env";
import { leadsUsage, parseLeadsArgs, runLeadsCommand, UsageError } from "./leads-command";

// Entry of `npm run leads`; see scripts/leads-command.ts and the README.
try {
  const command = parseLeadsArgs(process.argv.slice(2));
  const env = readEnv();
  const db = await openDatabase(parseDatabaseUrl(env.DATABASE_URL));
  try {
    await runLeadsCommand(command, db, (text) => process.stdout.write(text));
  } finally {
    await db.destroy();
  }
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${leadsUsage}`);
    process.exit(2);
  }
  console.error((error as Error).message);
  process.exit(1);
}
