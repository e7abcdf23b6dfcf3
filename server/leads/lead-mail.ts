import nodemailer from "nodemailer";
import {
  budgetLabel,
  isBudgetId,
  isServiceOptionId,
  normalizeLine,
  serviceOptionLabel,
} from "../../app/lib/contact-form";
import type { Lead } from "../db/schema";
import { showBidiControls } from "./visible-text";

/**
 * The e-mail that tells the sales team about a lead. Visitor text goes into
 * the plain-text body only: every header (subject included) is built from our
 * own configuration and the fixed service and budget lists, so nothing a
 * visitor types can add or change a header. Text direction overrides in the
 * body are shown escaped (server/leads/visible-text.ts).
 */
export type LeadMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** Derived from the lead id: a retried send reuses it, so mail clients can fold duplicates. */
  messageId: string;
};

export type Mailer = {
  send: (mail: LeadMail) => Promise<void>;
  /** Connects, greets and logs in (if the URL has credentials) without sending: resolves if all went well. */
  verify: () => Promise<void>;
  close: () => void;
};

export type LeadMailSettings = { from: string; to: string[] };

export function composeLeadNotification(lead: Lead, { from, to }: LeadMailSettings): LeadMail {
  const service = isServiceOptionId(lead.service)
    ? serviceOptionLabel(lead.service)
    : "Unknown service";
  const budget = isBudgetId(lead.budget) ? budgetLabel(lead.budget) : "Unknown budget";
  const received = formatReceived(new Date(lead.created_at));
  const text = [
    "A new enquiry came in through the contact form on the website.",
    "We promise a reply within one business day.",
    "",
    // One-line fields stay on one line even if a row was stored without the schema.
    `Name:      ${oneLine(lead.name)}`,
    `E-mail:    ${oneLine(lead.email)}`,
    `Company:   ${oneLine(lead.company)}`,
    `Phone:     ${lead.phone ? oneLine(lead.phone) : "(not given)"}`,
    `Service:   ${service}`,
    `Budget:    ${budget}`,
    `Received:  ${received}`,
    `Lead id:   ${lead.id}`,
    "",
    "Message:",
    "",
    showBidiControls(lead.message),
    "",
    "--",
    "The visitor agreed to be contacted about this enquiry.",
    `Find it later with: npm run leads -- list --since ${lead.created_at.slice(0, 10)}`,
    "",
  ].join("\n");
  return {
    from,
    to,
    subject: `New enquiry: ${service} (${budget})`,
    text,
    messageId: `<lead-${lead.id}@${domainOf(from)}>`,
  };
}

/** Visitor text on one line, its text direction overrides shown as <U+202E>. */
function oneLine(value: string): string {
  return showBidiControls(normalizeLine(value));
}

function formatReceived(date: Date): string {
  return `${new Intl.DateTimeFormat("en-GB", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(date)} UTC`;
}

function domainOf(address: string): string {
  return /@([^\s>]+)/.exec(address)?.[1] ?? "localhost";
}

/** Sends over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // Fail fast while the mail server is away; the outbox retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        ...mail,
        // The message is our own text: nothing in it may make nodemailer read files or URLs.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    async verify() {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}

/** The SMTP server for a log line: the URL without its password. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.password) url.password = "***";
  return url.toString();
}
