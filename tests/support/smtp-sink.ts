import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server (the smtp-server package) on localhost that keeps every
 * message it receives, for the tests of the lead notification. It speaks plain
 * SMTP without STARTTLS or authentication, like a local relay; with `tls` it
 * speaks TLS (from the first byte, or after STARTTLS) with the self-signed
 * certificate in tests/fixtures/tls, like an internal relay.
 */
export const relayCertificateFile = "tests/fixtures/tls/relay.crt";
const relayKeyFile = "tests/fixtures/tls/relay.key";

export type ReceivedMail = {
  /** The envelope recipients (RCPT TO), which decide who actually gets the message. */
  recipients: string[];
  raw: string;
  /** Header lines, unfolded and decoded, keyed by lower-case name; a name may repeat. */
  headers: [string, string][];
  header: (name: string) => string | undefined;
  /** The text body (of a multipart message, its text/plain part), decoded from its transfer encoding. */
  text: string;
  /** The parts of a multipart message sent as attachments, decoded. */
  attachments: ReceivedAttachment[];
};

export type ReceivedAttachment = { filename: string; contentType: string; content: string };

export type SmtpSink = {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves when the sink holds at least `count` messages. */
  waitFor: (count: number) => Promise<void>;
  close: () => Promise<void>;
};

export type SmtpSinkOptions = {
  /** Refuse every message's data with this reply code (e.g. 554), as a relay that rejects it would. */
  refuseWith?: number;
  /** "implicit": TLS from the first byte (smtps://); "starttls": plain, upgraded by STARTTLS. */
  tls?: "implicit" | "starttls";
  /** The address it listens on: 127.0.0.1, or one that other network namespaces reach. */
  host?: string;
};

export async function startSmtpSink(port = 0, options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: options.tls === "starttls" ? ["AUTH"] : ["STARTTLS", "AUTH"],
    secure: options.tls === "implicit",
    ...(options.tls
      ? { key: readFileSync(relayKeyFile), cert: readFileSync(relayCertificateFile) }
      : {}),
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (options.refuseWith) {
          const refusal = Object.assign(new Error("Message refused by the test relay"), {
            responseCode: options.refuseWith,
          });
          callback(refusal);
          return;
        }
        messages.push(
          parseMail(
            Buffer.concat(chunks).toString("utf8"),
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ),
        );
        for (const waiter of waiters.filter((w) => messages.length >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, options.host ?? "127.0.0.1", () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `${options.tls === "implicit" ? "smtps" : "smtp"}://127.0.0.1:${bound}`,
    port: bound,
    messages,
    waitFor: (count) =>
      messages.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function parseMail(raw: string, recipients: string[]): ReceivedMail {
  const message = parsePart(raw);
  const parts = flattenParts(message);
  const textPart = parts.find(
    (part) =>
      !isAttachment(part) && /^text\/plain\b/i.test(part.header("content-type") ?? "text/plain"),
  );
  return {
    recipients,
    raw,
    headers: message.headers,
    header: message.header,
    text: (textPart?.body ?? "").replace(/\r\n/g, "\n"),
    attachments: parts.filter(isAttachment).map((part) => ({
      filename: /filename="?([^";]+)"?/i.exec(part.header("content-disposition") ?? "")?.[1] ?? "",
      contentType: part.header("content-type") ?? "",
      content: part.body,
    })),
  };
}

type MimePart = {
  headers: [string, string][];
  header: (name: string) => string | undefined;
  /** Decoded from its transfer encoding. */
  body: string;
  /** The parts of a multipart body, in order. */
  parts: MimePart[];
};

/** One MIME entity: its headers, and its body decoded or split into its parts. */
function parsePart(raw: string): MimePart {
  const split = raw.indexOf("\r\n\r\n");
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, " ");
  const headers = head
    .split("\r\n")
    .filter(Boolean)
    .map((line): [string, string] => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).toLowerCase(), decodeEncodedWords(line.slice(colon + 1).trim())];
    });
  const header = (name: string) => headers.find(([key]) => key === name.toLowerCase())?.[1];
  const body = split < 0 ? "" : raw.slice(split + 4);
  const boundary = /^multipart\/.*boundary="?([^";]+)"?/i.exec(header("content-type") ?? "")?.[1];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith("--"))
      .map((chunk) => parsePart(chunk.replace(/^\r\n/, "").replace(/\r\n$/, "")));
    return { headers, header, body: "", parts };
  }
  const encoding = header("content-transfer-encoding")?.toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { headers, header, body: decoded, parts: [] };
}

function flattenParts(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(flattenParts);
}

function isAttachment(part: MimePart): boolean {
  return /^attachment\b/i.test(part.header("content-disposition") ?? "");
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes them. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?[\w-]+\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
