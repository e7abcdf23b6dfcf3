import { afterEach, describe, expect, it } from "vitest";
import { validLeadFields } from "../../tests/support/contact-posts";
import { recordingLogger } from "../../tests/support/manual-clock";
import {
  relayCertificateFile,
  startSmtpSink,
  type SmtpSink,
  type SmtpSinkOptions,
} from "../../tests/support/smtp-sink";
import { createTestDatabase } from "../../tests/support/test-databases";
import { readEnv } from "../env";
import {
  createSmtpMailer,
  type OutboxMail,
  type Mailer,
  type SmtpTlsSettings,
} from "../outbox/mailer";
import { saveLead } from "./lead-store";
import { startLeadPipeline } from "../services";

/*
 * An internal relay with a self-signed certificate (tests/fixtures/tls), met
 * over smtps:// and over STARTTLS: refused by default, accepted when its
 * certificate is given as SMTP_CA_FILE or when checking is switched off.
 */
const mail: OutboxMail = {
  from: "Corvanta Digital website <website@corvanta.example>",
  to: ["sales@corvanta.example"],
  subject: "New enquiry: Cloud Solutions (£25k to £50k)",
  text: "A test notification.\n",
  messageId: "<lead-test@corvanta.example>",
};

const closing: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function relay(options: SmtpSinkOptions): Promise<SmtpSink> {
  const sink = await startSmtpSink(0, options);
  closing.push(() => sink.close());
  return sink;
}

function mailer(url: string, tls?: SmtpTlsSettings): Mailer {
  const created = createSmtpMailer(url, tls);
  closing.push(() => created.close());
  return created;
}

describe.each(["implicit", "starttls"] as const)(
  "a relay with a self-signed certificate (%s TLS)",
  (tls) => {
    it("is refused by default: the certificate is checked", async () => {
      const sink = await relay({ tls });
      await expect(mailer(sink.url).send(mail)).rejects.toThrow(/self[- ]signed certificate/);
      expect(sink.messages).toHaveLength(0);
    });

    it("is accepted when its certificate is the CA file", async () => {
      const sink = await relay({ tls });
      expect(await mailer(sink.url, { caFile: relayCertificateFile }).send(mail)).toEqual({
        responseCode: 250,
      });
      expect(sink.messages).toHaveLength(1);
      expect(sink.messages[0]!.header("subject")).toBe(mail.subject);
    });

    it("is accepted unchecked when rejectUnauthorized is false", async () => {
      const sink = await relay({ tls });
      await mailer(sink.url, { rejectUnauthorized: false }).send(mail);
      expect(sink.messages).toHaveLength(1);
    });
  },
);

describe("the server's lead pipeline", () => {
  it("hands SMTP_CA_FILE and SMTP_TLS_REJECT_UNAUTHORIZED from the environment to the mailer", async () => {
    const database = await createTestDatabase("sqlite");
    closing.push(() => database.drop());
    const sink = await relay({ tls: "starttls" });
    for (const tlsVariables of [
      { SMTP_CA_FILE: relayCertificateFile },
      { SMTP_TLS_REJECT_UNAUTHORIZED: "false" },
    ]) {
      const log = recordingLogger();
      const env = readEnv({ DATABASE_URL: database.url, SMTP_URL: sink.url, ...tlsVariables });
      const pipeline = await startLeadPipeline(env, { log });
      const sent = sink.messages.length;
      await saveLead(pipeline.db, { ...validLeadFields, consent: true }, new Date());
      pipeline.worker!.wake();
      await sink.waitFor(sent + 1);
      await pipeline.close();
      expect(log.lines.some((line) => line.includes("certificate is not checked"))).toBe(
        "SMTP_TLS_REJECT_UNAUTHORIZED" in tlsVariables,
      );
    }
  });
});
