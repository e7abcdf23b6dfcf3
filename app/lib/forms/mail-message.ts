/**
 * An e-mail the site sends, as a feature writes it and the outbox
 * (server/outbox/) sends it. Every header but Reply-To is built from our own
 * configuration; a visitor's address appears only as an address object, which
 * nodemailer never parses.
 */
export type MailMessage = {
  from: string;
  to: (string | { name: string; address: string })[];
  /** The visitor's address, when it is a valid one, so that "Reply" writes to them. */
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  /** An event's calendar file. */
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Derived from the row's subject: a retried send reuses it, so mail clients fold duplicates. */
  messageId: string;
};

export function domainOf(address: string): string {
  return /@([^\s>]+)/.exec(address)?.[1] ?? "localhost";
}
