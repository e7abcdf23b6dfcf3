import type { EventFacts } from "~/features/events/registration-view";
import type { AppDatabase } from "../server/db/database";
import type { Registration } from "../server/db/schema";
import {
  findEventFacts,
  listRegistrations,
  registrationAnswers,
} from "../server/registrations/registration-reads";
import { csvDocument, terminalTable } from "./lib/text-tables";
import { exportedSource, sourceFields } from "./lib/source-fields";

/**
 * `npm run leads -- registrations --event SLUG [--format csv|json]`: an
 * event's confirmed registrations in the order they got their place, then its
 * waiting list in order, as a table, CSV (the same formula-safe CSV as the
 * enquiries export) or JSON. Cancelled registrations are left out.
 */
export type RegistrationsCommand = {
  command: "registrations";
  event: string;
  format?: "csv" | "json";
};

export async function runRegistrationsCommand(
  { event: slug, format }: RegistrationsCommand,
  db: AppDatabase,
  write: (text: string) => void,
): Promise<void> {
  const [registrations, event] = await Promise.all([
    listRegistrations(db, slug),
    findEventFacts(db, slug),
  ]);
  const rows = exportedRegistrations(registrations, event);
  if (format === "json") write(`${JSON.stringify(rows, null, 2)}\n`);
  else if (format === "csv") write(registrationsToCsv(rows, event));
  else write(registrationsTable(rows, event, slug));
}

export type ExportedRegistration = ReturnType<typeof exportedRegistrations>[number];

/**
 * Each registration as the exports give it: its status and place in its
 * list (1 is the first confirmed place, or the first on the waiting list),
 * times in ISO 8601 UTC, and the answers under the questions' labels.
 */
export function exportedRegistrations(
  registrations: readonly Registration[],
  event: EventFacts | undefined,
) {
  const places = { confirmed: 0, waiting: 0 };
  return registrations.map((registration) => {
    const status = registration.status === "waiting" ? "waiting" : "confirmed";
    places[status] += 1;
    const answers = registrationAnswers(registration);
    return {
      status,
      place: places[status],
      registeredAt: registration.created_at,
      confirmedAt: registration.confirmed_at,
      name: registration.name,
      email: registration.email,
      company: registration.company,
      jobTitle: registration.job_title,
      answers: Object.fromEntries(
        (event?.questions ?? []).map((question) => [question.label, answers[question.id] ?? null]),
      ),
      ...exportedSource(registration),
      id: registration.id,
    };
  });
}

const fixedColumns = [
  "status",
  "place",
  "registeredAt",
  "confirmedAt",
  "name",
  "email",
  "company",
  "jobTitle",
] as const;

export function registrationsToCsv(
  rows: readonly ExportedRegistration[],
  event: EventFacts | undefined,
): string {
  const questions = event?.questions.map((question) => question.label) ?? [];
  return csvDocument(
    [...fixedColumns, ...questions, ...sourceFields, "id"],
    rows.map((row) => [
      ...fixedColumns.map((column) => (row[column] === null ? null : String(row[column]))),
      ...questions.map((label) => row.answers[label] ?? null),
      ...sourceFields.map((field) => row[field]),
      row.id,
    ]),
  );
}

export function registrationsTable(
  rows: readonly ExportedRegistration[],
  event: EventFacts | undefined,
  slug: string,
): string {
  if (rows.length === 0) return `No registrations for ${slug}.\n`;
  const questions = event?.questions.map((question) => question.label) ?? [];
  const table = terminalTable(
    ["Status", "#", "Registered (UTC)", "Name", "Company", "E-mail", "Job title", ...questions],
    rows.map((row) => [
      row.status,
      String(row.place),
      row.registeredAt.slice(0, 16).replace("T", " "),
      row.name,
      row.company,
      row.email,
      row.jobTitle ?? "",
      ...questions.map((label) => row.answers[label] ?? ""),
    ]),
  );
  const confirmed = rows.filter((row) => row.status === "confirmed").length;
  const capacity = event?.capacity ? ` of ${event.capacity}` : "";
  const title = event ? `${event.title}\n\n` : "";
  return `${title}${table}\n${confirmed}${capacity} confirmed, ${rows.length - confirmed} waiting\n`;
}
