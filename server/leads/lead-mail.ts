import {
  budgetLabel,
  contactFormSchema,
  isBudgetId,
  isServiceOptionId,
  serviceOptionLabel,
} from "~/features/contact/contact-schema";
import type { Lead } from "../db/schema";
import { showBidiControls, visibleLine } from "../outbox/visible-text";
import type { AppDatabase } from "../db/database";
import { domainOf, type OutboxMail } from "../outbox/mailer";
import type { OutboxComposer } from "../outbox/outbox-worker";

/**
 * The sales team's e-mail about a lead. Visitor text goes into the body only, direction controls
 * shown (visible-text.ts). Headers come from our configuration and the fixed service and budget
 * lists, except Reply-To: the visitor's address as a bare address object, and only if it passes the
 * form's own e-mail check unchanged.
 */
export type LeadMailSettings = { from: string; to: string[] };

function composeLeadNotification(lead: Lead, { from, to }: LeadMailSettings): OutboxMail {
  const service = isServiceOptionId(lead.service)
    ? serviceOptionLabel(lead.service)
    : "Unknown service";
  const budget =
    lead.budget === null
      ? "budget not given"
      : isBudgetId(lead.budget)
        ? budgetLabel(lead.budget)
        : "Unknown budget";
  const received = `${new Intl.DateTimeFormat("en-GB", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(new Date(lead.created_at))} UTC`;
  const text = [
    "A new enquiry came in through the contact form on the website.",
    "We promise a reply within one business day.",
    "",
    `Name:      ${visibleLine(lead.name)}`,
    `E-mail:    ${visibleLine(lead.email)}`,
    `Company:   ${lead.company ? visibleLine(lead.company) : "(not given)"}`,
    `Phone:     ${lead.phone ? visibleLine(lead.phone) : "(not given)"}`,
    `Service:   ${service}`,
    `Budget:    ${lead.budget === null ? "(not given)" : budget}`,
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
  const replyTo = replyAddress(lead.email);
  return {
    from,
    to,
    ...(replyTo ? { replyTo: { name: "", address: replyTo } } : {}),
    subject: `New enquiry: ${service} (${budget})`,
    text,
    messageId: `<lead-${lead.id}@${domainOf(from)}>`,
  };
}

// The stored address, if the form's e-mail check passes it unchanged: a row
// stored by anything that skipped the schema never reaches a header.
function replyAddress(email: string): string | undefined {
  if (/[\r\n]/.test(email)) return undefined;
  const checked = contactFormSchema.shape.email.safeParse(email);
  return checked.success && checked.data === email ? email : undefined;
}

/** The lead notifications: the rows with a lead_id. */
export function leadNotificationComposer(db: AppDatabase, mail: LeadMailSettings): OutboxComposer {
  return async (row) => {
    if (row.lead_id === null) throw new Error(`outbox row ${row.id} names no lead`);
    const lead = await db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", row.lead_id)
      .executeTakeFirstOrThrow();
    return composeLeadNotification(lead, mail);
  };
}
