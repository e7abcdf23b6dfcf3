import {
  budgetLabel,
  contactFormSchema,
  isBudgetId,
  isServiceOptionId,
  serviceOptionLabel,
} from "~/features/contact/contact-schema";
import { fillPlaceholders } from "~/lib/content/fields";
import { domainOf, type MailMessage } from "~/lib/forms/mail-message";
import { showBidiControls, visibleLine } from "~/lib/forms/visible-text";

/** The e-mail's words. {placeholders} are filled in when it is sent. */
const leadMailCopy = {
  subject: "New enquiry: {service} ({budget})",
  opening:
    "A new enquiry came in through the contact form on the website. We promise a reply within 1 business day.",
  consent: "The visitor agreed to be contacted about this enquiry.",
} as const;

/** What the e-mail reads of a lead row. */
export type LeadForMail = {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  service: string;
  budget: string | null;
  message: string;
  created_at: string;
};

/**
 * The sales team's e-mail about a lead. Visitor text goes into the body only, direction controls
 * shown (app/lib/forms/visible-text.ts). Headers come from our configuration and the fixed service and budget
 * lists, except Reply-To: the visitor's address as a bare address object, and only if it passes the
 * form's own e-mail check unchanged.
 */
export type LeadMailSettings = { from: string; to: string[] };

export function composeLeadNotification(
  lead: LeadForMail,
  { from, to }: LeadMailSettings,
): MailMessage {
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
    leadMailCopy.opening,
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
    leadMailCopy.consent,
    `Find it later with: npm run leads -- list --since ${lead.created_at.slice(0, 10)}`,
    "",
  ].join("\n");
  const replyTo = replyAddress(lead.email);
  return {
    from,
    to,
    ...(replyTo ? { replyTo: { name: "", address: replyTo } } : {}),
    subject: fillPlaceholders(leadMailCopy.subject, { service, budget }),
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
