import { readdirSync } from "node:fs";
import { expect, it } from "vitest";
import { migrations } from "./migrations";

// One file per migration (issue 43): the folder and the Migrator's list agree,
// in order, so a new file cannot be left out and a name never changes.
it("runs every file of server/db/migrations/, in order of name, under its file's name", () => {
  const files = readdirSync(new URL("./migrations/", import.meta.url))
    .filter((file) => /^\d{4}-\d\d-\d\d-\d{3}-[a-z0-9-]+\.ts$/.test(file))
    .map((file) => file.slice(0, -".ts".length));
  expect(files.length).toBeGreaterThanOrEqual(8);
  expect(Object.keys(migrations)).toEqual(files.sort());
  // The names the databases already record (their history) are kept.
  expect(Object.keys(migrations)[0]).toBe("2026-11-22-001-leads-outbox-rate-limits");
  for (const migration of Object.values(migrations)) expect(typeof migration.up).toBe("function");
});
