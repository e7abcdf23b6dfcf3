import { readFileSync } from "node:fs";
import type { Transporter } from "nodemailer";
import type { MailMessage } from "~/lib/forms/mail-message";

/** An e-mail the outbox sends, as a feature wrote it (app/lib/forms/mail-message.ts). */
export type OutboxMail = MailMessage;

export type Mailer = {
  /** Resolves with the SMTP reply code to the message's data (250), if one was read. */
  send: (mail: OutboxMail) => Promise<{ responseCode: number | undefined }>;
  /** Connects, greets and logs in (if the URL has credentials) without sending. */
  verify: () => Promise<void>;
  close: () => void;
};

/**
 * The three-digit code at the start of an SMTP reply ("250 2.0.0 Ok: queued
 * as 4F3"). Only the code is logged: the text may repeat an address.
 */
export function smtpReplyCode(reply: unknown): number | undefined {
  const code = typeof reply === "string" ? /^([2-5]\d\d)(?:[ -]|$)/.exec(reply)?.[1] : undefined;
  return code ? Number(code) : undefined;
}

/**
 * How the mail server's certificate is checked, for smtps:// and STARTTLS. By
 * default it must chain to a public CA and name the host of SMTP_URL.
 */
export type SmtpTlsSettings = {
  /** SMTP_CA_FILE: PEM certificates trusted instead of the public CAs. */
  caFile?: string;
  /** SMTP_TLS_REJECT_UNAUTHORIZED=false accepts any certificate: encrypted, not authenticated. */
  rejectUnauthorized?: boolean;
};

/** Sends over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(
  smtpUrl: string,
  { caFile, rejectUnauthorized = true }: SmtpTlsSettings = {},
): Mailer {
  // Read now, so a missing CA file stops the server at start. nodemailer is loaded with the first
  // e-mail or check: a server without SMTP_URL never loads it (idle memory, issue 11).
  const ca = caFile ? readFileSync(caFile, "utf8") : undefined;
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        tls: { ...(ca === undefined ? {} : { ca }), rejectUnauthorized },
        // Fail fast while the mail server is away; the outbox retries later.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));
  return {
    async send(mail) {
      // The message is our own text: nothing in it may make nodemailer read files or URLs.
      const message = { ...mail, disableFileAccess: true, disableUrlAccess: true };
      const info = (await (await connect()).sendMail(message)) as { response?: string };
      return { responseCode: smtpReplyCode(info.response) };
    },
    async verify() {
      await (await connect()).verify();
    },
    close: () => void transport?.then((created) => created.close()),
  };
}
