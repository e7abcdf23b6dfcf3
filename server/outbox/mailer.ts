import { readFileSync } from "node:fs";
import type { Transporter } from "nodemailer";

/**
 * An e-mail the outbox sends: a lead's notification, a registration's
 * confirmation or notice. Every header but Reply-To is built from our own
 * configuration; a visitor's address appears only as an address object,
 * which nodemailer never parses.
 */
export type OutboxMail = {
  from: string;
  /**
   * Configured addresses as text; a visitor's address (an event registration's
   * e-mails) only as an address object, which nodemailer never parses.
   */
  to: (string | { name: string; address: string })[];
  /** The visitor's address, when it is a valid one, so that "Reply" writes to them. */
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  /** Files sent with the text: an event's calendar file. */
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Derived from the lead id: a retried send reuses it, so mail clients can fold duplicates. */
  messageId: string;
};

/** What the mail server answered to an accepted message. */
export type Delivery = {
  /** The SMTP reply code to the message's data, e.g. 250; undefined if none was read. */
  responseCode: number | undefined;
};

export type Mailer = {
  send: (mail: OutboxMail) => Promise<Delivery>;
  /** Connects, greets and logs in (if the URL has credentials) without sending: resolves if all went well. */
  verify: () => Promise<void>;
  close: () => void;
};

export function domainOf(address: string): string {
  return /@([^\s>]+)/.exec(address)?.[1] ?? "localhost";
}

/**
 * The three-digit code at the start of an SMTP reply ("250 2.0.0 Ok: queued
 * as 4F3"). Only the code is logged: the reply's text is the server's to
 * choose and may repeat an address.
 */
export function smtpReplyCode(reply: unknown): number | undefined {
  const code = typeof reply === "string" ? /^([2-5]\d\d)(?:[ -]|$)/.exec(reply)?.[1] : undefined;
  return code ? Number(code) : undefined;
}

/**
 * How the mail server's certificate is checked, for smtps:// and for STARTTLS
 * (SMTP_CA_FILE and SMTP_TLS_REJECT_UNAUTHORIZED). By default it must chain to
 * a public CA and name the host of SMTP_URL.
 */
export type SmtpTlsSettings = {
  /** A PEM file whose certificates are trusted instead of the public CAs (an internal CA, or the relay's self-signed certificate). */
  caFile?: string;
  /** false accepts any certificate: the connection is encrypted but not authenticated. */
  rejectUnauthorized?: boolean;
};

/** Sends over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(
  smtpUrl: string,
  { caFile, rejectUnauthorized = true }: SmtpTlsSettings = {},
): Mailer {
  // nodemailer is loaded with the first e-mail or check, not at start: a
  // server without SMTP_URL never loads it (idle memory, issue 11).
  // Read now, so a missing CA file still stops the server at start.
  const ca = caFile ? readFileSync(caFile, "utf8") : undefined;
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        tls: {
          ...(ca === undefined ? {} : { ca }),
          rejectUnauthorized,
        },
        // Fail fast while the mail server is away; the outbox retries later.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));
  return {
    async send(mail) {
      const info = (await (
        await connect()
      ).sendMail({
        ...mail,
        // The message is our own text: nothing in it may make nodemailer read files or URLs.
        disableFileAccess: true,
        disableUrlAccess: true,
      })) as { response?: string };
      return { responseCode: smtpReplyCode(info.response) };
    },
    async verify() {
      await (await connect()).verify();
    },
    close: () => void transport?.then((created) => created.close()),
  };
}

/** The SMTP server for a log line: the URL without its password. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.password) url.password = "***";
  return url.toString();
}
