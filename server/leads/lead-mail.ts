import nodemailer from "nodemailer";
import {
  budgetLabel,
  isBudgetId,
  isServiceOptionId,
  normalizeLine,
  serviceOptionLabel,
} from "~/features/contact/contact-schema";
import type { Lead } from "../db/schema";

/**
 * The e-mail that tells the sales team about a lead. Visitor text goes into
 * the plain-text body only: every header (subject included) is built from our
 * own configuration and the fixed service and budget lists, so nothing a
 * visitor types can add or change a header.
 */
export type LeadMail = {
  from: string;
  /**
   * Configured addresses as text; a visitor's address (an event registration's
   * e-mails) only as an address object, which nodemailer never parses.
   */
  to: (string | { name: string; address: string })[];
  /** The visitor's address, so that "Reply" writes to them (the team's registration notices). */
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  /** Files sent with the text: an event's calendar file. */
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Derived from the lead id: a retried send reuses it, so mail clients can fold duplicates. */
  messageId: string;
};

export type Mailer = {
  send: (mail: LeadMail) => Promise<void>;
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
    `Name:      ${normalizeLine(lead.name)}`,
    `E-mail:    ${normalizeLine(lead.email)}`,
    `Company:   ${normalizeLine(lead.company)}`,
    `Phone:     ${lead.phone ? normalizeLine(lead.phone) : "(not given)"}`,
    `Service:   ${service}`,
    `Budget:    ${budget}`,
    `Received:  ${received}`,
    `Lead id:   ${lead.id}`,
    "",
    "Message:",
    "",
    lead.message,
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

function formatReceived(date: Date): string {
  return `${new Intl.DateTimeFormat("en-GB", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(date)} UTC`;
}

export function domainOf(address: string): string {
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
    close: () => transport.close(),
  };
}
