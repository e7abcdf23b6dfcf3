import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
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
import { runWebhooksCommand, type WebhooksCommand } from "./webhooks-command";
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

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const idPattern = /^[0-9a-f-]{36}$/i;
const sinceSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** An option's value checked as it is read: commander names the option in its message. */
function checked<T>(test: (value: string) => T | undefined, what: string) {
  return (value: string): T => {
    const result = test(value);
    if (result === undefined) throw new InvalidArgumentError(what);
    return result;
  };
}

const slug = checked(
  (value) => (slugPattern.test(value) ? value : undefined),
  "Give a slug, e.g. my-event.",
);
const registrationId = checked(
  (value) => (idPattern.test(value) ? value : undefined),
  "Give a registration's id, as the exports list it.",
);
const emailAddress = checked(
  (value) => (z.email().safeParse(value).success ? value : undefined),
  "Give an e-mail address.",
);
/** A day (from midnight UTC), a time with its offset, or a number of days back from now (30d). */
const since = checked((value) => {
  const daysBack = /^(\d{1,5})d$/.exec(value);
  if (daysBack) return new Date(Date.now() - Number(daysBack[1]) * 86_400_000);
  if (!sinceSchema.safeParse(value).success) return undefined;
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}, "--since must be a date like 2026-11-01, a time like 2026-11-01T09:00:00Z, or a number of days like 30d.");

const sinceOption = () =>
  new Option("--since <date>", "from this day (UTC), time, or number of days back (30d)").argParser(
    since,
  );
const formatOption = (description: string) =>
  new Option("--format <format>", description).choices(["csv", "json"] as const);

/**
 * The staff command's grammar, on commander: each command, its options and
 * their checks, and the help it generates (`npm run leads -- --help`,
 * `npm run leads -- export --help`). A command that parses hands its
 * arguments to `found`; nothing here opens the database.
 */
export function leadsProgram(found: (command: LeadsCommand) => void): Command {
  const program = new Command("npm run leads --")
    .description(
      "Leads, event registrations and webhooks from the lead database: DATABASE_URL's (default: file:data/corvanta.db).\n" +
        'Use "npm run --silent leads -- export ..." to keep npm\'s own lines out of a file.',
    )
    .exitOverride()
    .showSuggestionAfterError()
    .helpCommand(false);

  program
    .command("list")
    .description("leads, oldest first, as a table")
    .addOption(sinceOption())
    .action((options: { since?: Date }) => found({ command: "list", since: options.since }));
  program
    .command("export")
    .description("leads as CSV or JSON, for a spreadsheet or a CRM")
    .addOption(formatOption("csv or json").makeOptionMandatory())
    .addOption(sinceOption())
    .action((options: { format: "csv" | "json"; since?: Date }) =>
      found({ command: "export", format: options.format, since: options.since }),
    );
  program
    .command("registrations")
    .description("an event's registrations, or every event's (cancelled ones too)")
    .addOption(
      new Option("--event <slug>", "the event's slug").argParser(slug).conflicts("allEvents"),
    )
    .option("--all-events", "every event's registrations")
    .addOption(formatOption("csv or json (a table when left out, for one event)"))
    .action(function (
      this: Command,
      options: { event?: string; allEvents?: boolean; format?: "csv" | "json" },
    ) {
      if (options.allEvents) {
        if (!options.format)
          this.error("registrations --all-events needs --format csv or --format json.");
        return found({ command: "registrations", event: "all", format: options.format });
      }
      if (!options.event)
        this.error("registrations needs --event and the event's slug, or --all-events.");
      found({ command: "registrations", event: options.event, format: options.format });
    });
  program
    .command("cancel")
    .description("cancel a registration (the next waiting is promoted)")
    .addOption(
      new Option("--id <id>", "the registration's id")
        .argParser(registrationId)
        .makeOptionMandatory(),
    )
    .action((options: { id: string }) => found({ command: "cancel", id: options.id }));
  program
    .command("move")
    .description(
      "move a registration to another open event: the next waiting on the old one is promoted, " +
        "the person gets a place (or joins the waiting list) there, and is e-mailed",
    )
    .addOption(
      new Option("--id <id>", "the registration's id")
        .argParser(registrationId)
        .makeOptionMandatory(),
    )
    .addOption(
      new Option("--to <slug>", "the event to move it to").argParser(slug).makeOptionMandatory(),
    )
    .action((options: { id: string; to: string }) =>
      found({ command: "move", id: options.id, to: options.to }),
    );
  program
    .command("notify-change")
    .description(
      "e-mail everyone registered (confirmed and waiting) the event as content/events now has it, " +
        "with a calendar file that updates the one they have (SEQUENCE + 1)",
    )
    .addOption(
      new Option("--event <slug>", "the event's slug").argParser(slug).makeOptionMandatory(),
    )
    .action((options: { event: string }) =>
      found({ command: "notify-change", event: options.event }),
    );
  program
    .command("report")
    .description("leads and registrations by source, campaign and landing page")
    .addOption(sinceOption())
    .action((options: { since?: Date }) => found({ command: "report", since: options.since }));
  for (const [name, description] of [
    ["person", "everything held about an address, as JSON"],
    ["erase", "erase it (a place held is freed for the next waiting)"],
  ] as const) {
    program
      .command(name)
      .description(description)
      .addOption(
        new Option("--email <address>", "the person's e-mail address")
          .argParser(emailAddress)
          .makeOptionMandatory(),
      )
      .action((options: { email: string }) => found({ command: name, email: options.email }));
  }

  const webhooks = program
    .command("webhooks")
    .description("webhooks given up on (dead letters), and sending them again (docs/webhooks.md)")
    .helpCommand(false);
  webhooks
    .command("dead")
    .description("webhooks given up on after WEBHOOK_MAX_ATTEMPTS tries")
    .addOption(
      new Option("--format <format>", "json (a table when left out)").choices(["json"] as const),
    )
    .action((options: { format?: "json" }) =>
      found({ command: "webhooks", action: "dead", format: options.format ?? "table" }),
    );
  webhooks
    .command("resend")
    .description(
      'send these again, from the first try: ID as "dead" lists it or the webhook-id a receiver saw (msg_...); ' +
        "a running server sends them within 15 seconds, with the same webhook-id",
    )
    .argument("[ids...]", "the dead letters' ids")
    .option("--all", "every dead letter")
    .action(function (this: Command, ids: string[], options: { all?: boolean }) {
      if (options.all ? ids.length > 0 : ids.length === 0) {
        this.error("resend takes the ids to send again, or --all.");
      }
      found({
        command: "webhooks",
        action: "resend",
        ids: options.all ? "all" : ids.map(withoutMessagePrefix),
      });
    });
  return program;
}

/** The webhook-id header is the row's id after `msg_`. */
const withoutMessagePrefix = (id: string) => id.replace(/^msg_/, "");

/**
 * The command that `argv` (after `npm run leads --`) asks for, or help's text
 * when it asks for help. A mistake is a UsageError with commander's message.
 */
export function parseLeadsArgs(argv: readonly string[]): LeadsCommand {
  let command: LeadsCommand | undefined;
  let printed = "";
  const program = leadsProgram((found) => (command = found));
  const capture = (target: Command) =>
    target.configureOutput({
      writeOut: (text) => (printed += text),
      writeErr: (text) => (printed += text),
      outputError: () => undefined,
    });
  for (const each of [
    program,
    ...program.commands,
    ...program.commands.flatMap((sub) => sub.commands),
  ]) {
    capture(each);
  }
  try {
    program.parse([...argv], { from: "user" });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.code === "commander.helpDisplayed")
      return { command: "help", usage: printed.trimEnd() };
    if (error.code === "commander.help" || error.code === "commander.executeSubCommandAsync") {
      throw new UsageError(`Name a command.\n\n${printed.trimEnd()}`);
    }
    throw new UsageError(error.message.replace(/^error: /, ""));
  }
  if (!command) throw new UsageError("Name a command: npm run leads -- --help lists them.");
  return command;
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
