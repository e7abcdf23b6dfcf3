import type { EventFacts } from "~/features/events/registration-view";
import type { AppDatabase } from "../db/database";
import type { Registration } from "../db/schema";

// What staff and e-mails read back about registrations; registration-store.ts changes rows.

/** The facts the site last handed over for an event, or undefined before its first registration. */
export async function findEventFacts(db: AppDatabase, slug: string) {
  const row = await db
    .selectFrom("registration_events")
    .select("facts")
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ? (JSON.parse(row.facts) as EventFacts) : undefined;
}

/** An event's confirmed registrations in the order they got their place, then the waiting list in its order (forgotten people left out). */
export async function listRegistrations(db: AppDatabase, slug: string): Promise<Registration[]> {
  const rows = await db
    .selectFrom("registrations")
    .selectAll()
    .where("event_slug", "=", slug)
    .where("status", "in", ["confirmed", "waiting"])
    .where("forgotten_at", "is", null)
    .orderBy("seq")
    .execute();
  const confirmed = rows
    .filter((row) => row.status === "confirmed")
    .sort((a, b) => (a.confirmed_at ?? "").localeCompare(b.confirmed_at ?? "") || a.seq - b.seq);
  return [...confirmed, ...rows.filter((row) => row.status === "waiting")];
}

export function registrationAnswers(registration: Pick<Registration, "answers">) {
  try {
    const answers = JSON.parse(registration.answers) as unknown;
    return answers && typeof answers === "object" ? (answers as Record<string, string>) : {};
  } catch {
    return {};
  }
}
