import type { Migration } from "kysely";
import { migration as m001 } from "./2026-11-22-001-leads-outbox-rate-limits";
import { migration as m002 } from "./2026-11-23-002-timestamptz";
import { migration as m003 } from "./2026-11-23-003-form-token-uses";
import { migration as m004 } from "./2026-11-23-004-event-registrations";
import { migration as m005 } from "./2026-11-23-005-optional-company-and-budget";
import { migration as m006 } from "./2026-11-27-006-lead-source-and-retention";
import { migration as m007 } from "./2026-11-27-007-outbox-webhooks";
import { migration as m008 } from "./2026-11-27-008-event-staff-moves-and-change-notices";

/**
 * Every schema change, one file each in this folder, named
 * `YYYY-MM-DD-NNN-what-it-does.ts`, run in order of name at start-up by
 * Kysely's Migrator (server/db/database.ts), each once: a database records the
 * names it has run. Never edit or rename one that has shipped: add the next
 * file and its line here (server/db/migrations.test.ts fails on a file left out).
 * Each creates only what is missing, so a half-applied run can be repeated.
 *
 * Kysely's FileMigrationProvider reads the folder at run time; the server is
 * one bundle (scripts/build-server.ts), so the files are imported here instead.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22-001-leads-outbox-rate-limits": m001,
  "2026-11-23-002-timestamptz": m002,
  "2026-11-23-003-form-token-uses": m003,
  "2026-11-23-004-event-registrations": m004,
  "2026-11-23-005-optional-company-and-budget": m005,
  "2026-11-27-006-lead-source-and-retention": m006,
  "2026-11-27-007-outbox-webhooks": m007,
  "2026-11-27-008-event-staff-moves-and-change-notices": m008,
};
