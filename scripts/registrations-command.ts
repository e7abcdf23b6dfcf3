import type { EventFacts } from "~/features/events/registration-view";
import type { AppDatabase } from "../server/db/database";
import type { Registration } from "../server/db/schema";
import { findEventFacts, registrationAnswers } from "../server/registrations/registration-reads";
import { cancelRegistration } from "../server/registrations/registration-store";
import { csvDocument, terminalTable } from "./lib/text-tables";
import { leadSourceFields, sourceOfColumns } from "~/lib/forms/lead-source";

/**
 * `npm run leads -- registrations --event SLUG|--all-events [--format csv|json]`:
 * registrations as a table, CSV (the same formula-safe CSV as the enquiries
 * export) or JSON. An event's confirmed places come in the order they were
 * taken, then its waiting list in order, then its cancellations. The table is
 * the list at the door: confirmed and waiting only.
 * `npm run leads -- cancel --id ID`: cancels a registration for staff, as the
 * attendee's own link does (the next person waiting is promoted and e-mailed,
 * the attendee and the team are told).
 */
export type RegistrationsCommand = {
  command: "registrations";
  event: string | "all";
  format?: "csv" | "json";
};
export type CancelCommand = { command: "cancel"; id: string };

export async function runRegistrationsCommand(
  { event: slug, format }: RegistrationsCommand,
  db: AppDatabase,
  write: (text: string) => void,
): Promise<void> {
  const registrations = await registrationsOf(db, slug === "all" ? undefined : slug);
  const slugs = [...new Set(registrations.map((registration) => registration.event_slug))];
  const facts = new Map(
    await Promise.all(slugs.map(async (each) => [each, await findEventFacts(db, each)] as const)),
  );
  const rows = exportedRegistrations(registrations, facts);
  if (format === "json") write(`${JSON.stringify(rows, null, 2)}\n`);
  else if (format === "csv")
    write(registrationsToCsv(rows, slug === "all" ? undefined : facts.get(slug)));
  else write(registrationsTable(rows, facts.get(slug), slug));
}

export async function runCancelCommand(
  { id }: CancelCommand,
  db: AppDatabase,
  write: (text: string) => void,
  now = new Date(),
): Promise<void> {
  const registration = await db
    .selectFrom("registrations")
    .select(["event_slug", "status"])
    .where("id", "=", id)
    .where("forgotten_at", "is", null)
    .executeTakeFirst();
  const event = registration && (await findEventFacts(db, registration.event_slug));
  if (!registration || !event) throw new Error(`No registration with the id ${id}.`);
  const result = await cancelRegistration(db, event, id, now);
  if (result.kind !== "cancelled") {
    write(`Registration ${id} for ${event.slug} was already cancelled.\n`);
    return;
  }
  write(
    `Cancelled registration ${id} for ${event.slug}; the attendee and the team are e-mailed.\n`,
  );
  const { promoted } = result;
  write(promoted ? `Promoted from the waiting list: ${promoted} (each e-mailed).\n` : "");
}

/** An event's registrations (every event's without a slug), forgotten people left out. */
async function registrationsOf(db: AppDatabase, slug: string | undefined) {
  let query = db.selectFrom("registrations").selectAll().where("forgotten_at", "is", null);
  if (slug) query = query.where("event_slug", "=", slug);
  const rows = await query.orderBy("event_slug").orderBy("seq").execute();
  const rank = { confirmed: 0, waiting: 1, cancelled: 2 };
  return rows.sort(
    (a, b) =>
      a.event_slug.localeCompare(b.event_slug) ||
      rank[a.status] - rank[b.status] ||
      (a.status === "confirmed" ? (a.confirmed_at ?? "").localeCompare(b.confirmed_at ?? "") : 0) ||
      a.seq - b.seq,
  );
}

export type ExportedRegistration = ReturnType<typeof exportedRegistrations>[number];

/**
 * Each registration as the exports give it: its event, status and place in its
 * list (1 is the first confirmed place, or the first on the waiting list; none
 * once cancelled), times in ISO 8601 UTC, and the answers keyed by question id.
 */
export function exportedRegistrations(
  registrations: readonly Registration[],
  facts: ReadonlyMap<string, EventFacts | undefined>,
) {
  const places = new Map<string, number>();
  return registrations.map((registration) => {
    const { status, event_slug: event } = registration;
    const key = `${event} ${status}`;
    if (status !== "cancelled") places.set(key, (places.get(key) ?? 0) + 1);
    const answers = registrationAnswers(registration);
    const questions = facts.get(event)?.questions ?? [];
    return {
      event,
      status,
      place: status === "cancelled" ? null : (places.get(key) ?? null),
      registeredAt: registration.created_at,
      consentedAt: registration.consented_at,
      confirmedAt: registration.confirmed_at,
      cancelledAt: registration.cancelled_at,
      name: registration.name,
      email: registration.email,
      company: registration.company,
      jobTitle: registration.job_title,
      answers: Object.fromEntries(
        questions.map((question) => [question.id, answers[question.id] ?? null]),
      ),
      ...sourceOfColumns(registration),
      id: registration.id,
    };
  });
}

const fixedColumns = [
  "event",
  "status",
  "place",
  "registeredAt",
  "consentedAt",
  "confirmedAt",
  "cancelledAt",
  "name",
  "email",
  "company",
  "jobTitle",
] as const;

/**
 * One event's CSV has a column per question, headed by its label; across
 * events, whose questions differ, the answers are one column of JSON keyed by
 * question id.
 */
export function registrationsToCsv(
  rows: readonly ExportedRegistration[],
  event: EventFacts | undefined,
): string {
  const questions = event?.questions ?? [];
  const answerColumns = event ? questions.map((question) => question.label) : ["answers"];
  return csvDocument(
    [...fixedColumns, ...answerColumns, ...leadSourceFields, "id"],
    rows.map((row) => [
      ...fixedColumns.map((column) => (row[column] === null ? null : String(row[column]))),
      ...(event
        ? questions.map((question) => row.answers[question.id] ?? null)
        : [JSON.stringify(row.answers)]),
      ...leadSourceFields.map((field) => row[field]),
      row.id,
    ]),
  );
}

export function registrationsTable(
  rows: readonly ExportedRegistration[],
  event: EventFacts | undefined,
  slug: string,
): string {
  const listed = rows.filter((row) => row.status !== "cancelled");
  const cancelled = rows.length - listed.length;
  if (listed.length === 0 && cancelled === 0) return `No registrations for ${slug}.\n`;
  const questions = event?.questions ?? [];
  const table = terminalTable(
    [
      "Status",
      "#",
      "Registered (UTC)",
      "Name",
      "Company",
      "E-mail",
      "Job title",
      ...questions.map((question) => question.label),
    ],
    listed.map((row) => [
      row.status,
      String(row.place),
      row.registeredAt.slice(0, 16).replace("T", " "),
      row.name,
      row.company,
      row.email,
      row.jobTitle ?? "",
      ...questions.map((question) => row.answers[question.id] ?? ""),
    ]),
  );
  const confirmed = listed.filter((row) => row.status === "confirmed").length;
  const capacity = event?.capacity ? ` of ${event.capacity}` : "";
  const title = event ? `${event.title}\n\n` : "";
  const cancellations = cancelled ? `, ${cancelled} cancelled (in the exports)` : "";
  return `${title}${table}\n${confirmed}${capacity} confirmed, ${listed.length - confirmed} waiting${cancellations}\n`;
}
