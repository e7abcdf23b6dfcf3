import { parseArgs } from "node:util";
import { z } from "zod";
import { budgetLabel, serviceOptionLabel } from "~/features/contact/contact-schema";
import type { AppDatabase } from "../server/db/database";
import { findLeads, type LeadRecord } from "../server/leads/lead-store";
import { runPrivacyCommand, type PrivacyCommand, type PrivacyContext } from "./privacy-command";
import {
  runCancelCommand,
  runRegistrationsCommand,
  type CancelCommand,
  type RegistrationsCommand,
} from "./registrations-command";
import {
  runMoveCommand,
  runNotifyChangeCommand,
  type MoveCommand,
  type NotifyChangeCommand,
} from "./event-staff-command";
import { runReportCommand, type ReportCommand } from "./report-command";
import {
  parseWebhooksArgs,
  runWebhooksCommand,
  webhooksUsage,
  type WebhooksCommand,
} from "./webhooks-command";
import { csvDocument, terminalTable } from "./lib/text-tables";
import { leadSourceFields, sourceOfColumns } from "~/lib/forms/lead-source";

/**
 * `npm run leads -- list [--since DATE]`,
 * `npm run leads -- export --format csv|json [--since DATE]` and
 * `npm run leads -- registrations --event SLUG [--format csv|json]`: the sales
 * team's view of the lead database and of an event's registrations. Kept apart
 * from scripts/leads.ts so the tests can run it against their own databases.
 */
export type LeadsCommand =
  | { command: "list"; since?: Date }
  | { command: "export"; format: "csv" | "json"; since?: Date }
  | RegistrationsCommand
  | CancelCommand
  | MoveCommand
  | NotifyChangeCommand
  | ReportCommand
  | PrivacyCommand
  | { command: "help"; usage: string }
  | WebhooksCommand;

export class UsageError extends Error {
  override name = "UsageError";
}

export const leadsUsage = `Usage:
  npm run leads -- list [--since DATE]
  npm run leads -- export --format csv|json [--since DATE]
  npm run leads -- registrations --event SLUG [--format csv|json]
  npm run leads -- registrations --all-events --format csv|json   every event's, cancelled ones too
  npm run leads -- cancel --id ID             cancel a registration (the next waiting is promoted)
  npm run leads -- move --id ID --to SLUG     move a registration to another open event: the next
                                              waiting on the old one is promoted, the person gets a
                                              place (or joins the waiting list) there, and is e-mailed
  npm run leads -- notify-change --event SLUG e-mail everyone registered (confirmed and waiting)
                                              the event as content/events now has it, with a calendar
                                              file that updates the one they have (SEQUENCE + 1)
  npm run leads -- report [--since DATE]      leads and registrations by source, campaign, landing page
  npm run leads -- person --email ADDRESS     everything held about an address, as JSON
  npm run leads -- erase --email ADDRESS      erase it (a place held is freed for the next waiting)
  npm run leads -- webhooks dead|resend ...   (npm run leads -- webhooks --help)

DATE is a day (2026-11-01, from midnight UTC), a time (2026-11-01T09:00:00Z)
or a number of days back from now (30d).
The database is DATABASE_URL's (default: file:data/corvanta.db). Use
"npm run --silent leads -- export ..." to keep npm's own lines out of a file.`;

const sinceSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export function parseLeadsArgs(argv: readonly string[]): LeadsCommand {
  if (argv.includes("--help") || argv.includes("-h")) {
    return { command: "help", usage: argv[0] === "webhooks" ? webhooksUsage : leadsUsage };
  }
  if (argv[0] === "webhooks") {
    try {
      return parseWebhooksArgs(argv.slice(1));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        since: { type: "string" },
        format: { type: "string" },
        event: { type: "string" },
        "all-events": { type: "boolean" },
        id: { type: "string" },
        to: { type: "string" },
        email: { type: "string" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) {
    throw new UsageError(
      "Name one command: list, export, registrations, cancel, move, notify-change, report, person, erase or webhooks.",
    );
  }
  const [command] = positionals;
  if (command === "person" || command === "erase") {
    if (!values.email || !z.email().safeParse(values.email).success) {
      throw new UsageError(`${command} needs --email and an e-mail address.`);
    }
    if (values.since ?? values.format ?? values.event) {
      throw new UsageError(`${command} takes --email only.`);
    }
    return { command, email: values.email };
  }
  if (values.email !== undefined) throw new UsageError("--email belongs to person and erase.");
  if (command !== "move" && values.to !== undefined) throw new UsageError("--to belongs to move.");
  if (command === "cancel") {
    if (!values.id || !/^[0-9a-f-]{36}$/i.test(values.id)) {
      throw new UsageError("cancel needs --id and a registration's id (from the exports).");
    }
    return { command, id: values.id };
  }
  const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  if (command === "move") {
    if (!values.id || !/^[0-9a-f-]{36}$/i.test(values.id) || !values.to || !slug.test(values.to)) {
      throw new UsageError(
        "move needs --id and a registration's id (from the exports), and --to and an event's slug.",
      );
    }
    if (values.since ?? values.format ?? values.event) {
      throw new UsageError("move takes --id and --to only.");
    }
    return { command, id: values.id, to: values.to };
  }
  if (values.id !== undefined) throw new UsageError("--id belongs to cancel and move.");
  if (command === "notify-change") {
    if (!values.event || !slug.test(values.event)) {
      throw new UsageError(
        "notify-change needs --event and the event's slug, e.g. --event my-event.",
      );
    }
    if (values.since ?? values.format ?? values["all-events"]) {
      throw new UsageError("notify-change takes --event only.");
    }
    return { command, event: values.event };
  }
  if (command === "registrations" && values["all-events"]) {
    if (values.event !== undefined) throw new UsageError("Give --event or --all-events, not both.");
    if (values.format !== "csv" && values.format !== "json") {
      throw new UsageError("registrations --all-events needs --format csv or --format json.");
    }
    return { command, event: "all", format: values.format };
  }
  if (command === "registrations") {
    if (!values.event || !slug.test(values.event)) {
      throw new UsageError(
        "registrations needs --event and the event's slug, e.g. --event my-event.",
      );
    }
    if (values.since !== undefined) throw new UsageError("--since belongs to list and export.");
    if (values.format !== undefined && values.format !== "csv" && values.format !== "json") {
      throw new UsageError("--format is csv or json.");
    }
    return { command, event: values.event, format: values.format };
  }
  if (values.event !== undefined) {
    throw new UsageError("--event belongs to registrations and notify-change.");
  }
  if (values["all-events"]) throw new UsageError("--all-events belongs to registrations.");

  let since: Date | undefined;
  const daysBack = /^(\d{1,5})d$/.exec(values.since ?? "");
  if (daysBack) since = new Date(Date.now() - Number(daysBack[1]) * 86_400_000);
  else if (values.since !== undefined) {
    if (!sinceSchema.safeParse(values.since).success) {
      throw new UsageError(
        `--since must be a date like 2026-11-01 or a number of days like 30d, not "${values.since}".`,
      );
    }
    since = new Date(values.since.length === 10 ? `${values.since}T00:00:00Z` : values.since);
  }

  if (command === "list" || command === "report") {
    if (values.format !== undefined) throw new UsageError("--format belongs to export.");
    return { command, since };
  }
  if (command === "export") {
    if (values.format !== "csv" && values.format !== "json") {
      throw new UsageError("export needs --format csv or --format json.");
    }
    return { command, format: values.format, since };
  }
  throw new UsageError(
    `Unknown command "${command}": use list, export, registrations, cancel, move, notify-change, report, person, erase or webhooks.`,
  );
}

export async function runLeadsCommand(
  command: LeadsCommand,
  db: AppDatabase,
  write: (text: string) => void,
  context: PrivacyContext = {},
): Promise<void> {
  if (command.command === "cancel") {
    await runCancelCommand(command, db, write);
    return;
  }
  if (command.command === "registrations") {
    await runRegistrationsCommand(command, db, write);
    return;
  }
  if (command.command === "move") return runMoveCommand(command, db, write, context.now?.());
  if (command.command === "notify-change") {
    return runNotifyChangeCommand(command, db, write, context.now?.());
  }
  if (command.command === "report") return runReportCommand(command, db, write);
  if (command.command === "person" || command.command === "erase") {
    return runPrivacyCommand(command, db, write, context);
  }
  if (command.command === "help") return write(`${command.usage}\n`);
  if (command.command === "webhooks") return runWebhooksCommand(command, db, write);
  const leads = await findLeads(db, { since: command.since });
  if (command.command === "list") write(leadsTable(leads, command.since));
  else if (command.format === "csv") write(leadsToCsv(leads));
  else write(`${JSON.stringify(leads.map(exportedLead), null, 2)}\n`);
}

/** One lead as both exports give it: labels beside ids, times in ISO 8601 UTC. */
export function exportedLead(lead: LeadRecord) {
  return {
    id: lead.id,
    receivedAt: lead.created_at,
    name: lead.name,
    email: lead.email,
    company: lead.company,
    phone: lead.phone,
    serviceId: lead.service,
    service: serviceOptionLabel(lead.service),
    budgetId: lead.budget,
    budget: lead.budget === null ? null : budgetLabel(lead.budget),
    message: lead.message,
    consentedAt: lead.consented_at,
    notifiedAt: lead.notified_at,
    ...sourceOfColumns(lead),
  };
}

const csvColumns = [
  "receivedAt",
  "name",
  "email",
  "company",
  "phone",
  "service",
  "budget",
  "message",
  "notifiedAt",
  ...leadSourceFields,
  "id",
] as const satisfies readonly (keyof ReturnType<typeof exportedLead>)[];

/**
 * RFC 4180 CSV that is safe to open in a spreadsheet: a UTF-8 byte order mark
 * (so Excel reads accents correctly), CRLF line ends, every cell quoted, and
 * every formula start defused with an apostrophe (`csvCell`).
 */
export function leadsToCsv(leads: readonly LeadRecord[]): string {
  return csvDocument(
    csvColumns,
    leads.map((lead) => {
      const row = exportedLead(lead);
      return csvColumns.map((column) => row[column]);
    }),
  );
}

/** A table for the terminal, one lead a line, with control characters removed. */
export function leadsTable(leads: readonly LeadRecord[], since?: Date): string {
  if (leads.length === 0) {
    return since ? `No leads since ${since.toISOString()}.\n` : "No leads yet.\n";
  }
  const header = [
    "Received (UTC)",
    "Name",
    "Company",
    "E-mail",
    "Service",
    "Budget",
    "Source",
    "E-mail sent",
  ];
  const rows = leads.map((lead) => [
    lead.created_at.slice(0, 16).replace("T", " "),
    lead.name,
    lead.company ?? "",
    lead.email,
    serviceOptionLabel(lead.service),
    lead.budget === null ? "" : budgetLabel(lead.budget),
    lead.utm_source ?? lead.referrer_host ?? "",
    lead.notified_at ? "yes" : "waiting",
  ]);
  return `${terminalTable(header, rows)}\n${leads.length} ${leads.length === 1 ? "lead" : "leads"}\n`;
}
