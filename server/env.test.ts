import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { relayCertificateFile } from "../tests/support/smtp-sink";
import { readEnv } from "./env";

describe("readEnv", () => {
  it("defaults to port 3000 on every interface", () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 3000, NODE_ENV: "production" });
    expect(env.HOST).toBeUndefined();
  });

  it("reads PORT and HOST", () => {
    expect(readEnv({ PORT: "8080", HOST: "127.0.0.1" })).toMatchObject({
      PORT: 8080,
      HOST: "127.0.0.1",
    });
  });

  it("names the variable that is wrong, in plain words (issue 29)", () => {
    expect(() => readEnv({ PORT: "eighty" })).toThrow("\n  PORT: must be a number, got “eighty”");
    expect(() => readEnv({ PORT: "70000" })).toThrow("\n  PORT: must be at most 65535, got 70000");
    expect(() => readEnv({ PORT: "80.5" })).toThrow("PORT: must be a whole number, got 80.5");
    expect(() => readEnv({ LOG_LEVEL: "loud" })).toThrow(
      "LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent, got “loud”",
    );
  });
});

describe("readEnv: the lead pipeline's variables", () => {
  it("needs none of them: SQLite in data/, no SMTP, the site's address, no proxy", () => {
    const env = readEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.FORM_TOKEN_SECRET).toBeUndefined();
    expect(env).toMatchObject({
      DATABASE_URL: "file:data/corvanta.db",
      LEADS_NOTIFY_TO: ["hello@corvanta.example"],
      LEADS_MAIL_FROM: "Corvanta Digital website <website@corvanta.example>",
      TRUST_PROXY: false,
      RATE_LIMIT_MAX: 5,
      RATE_LIMIT_WINDOW_MINUTES: 10,
    });
  });

  it("treats an empty variable as unset", () => {
    const env = readEnv({ SMTP_URL: "", DATABASE_URL: "" });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DATABASE_URL).toBe("file:data/corvanta.db");
  });

  it("reads well-formed values", () => {
    expect(
      readEnv({
        DATABASE_URL: "postgres://site@db/leads",
        SMTP_URL: "smtps://user:pass@mail.example:465",
        LEADS_NOTIFY_TO: "sales@corvanta.example, ops@corvanta.example",
        LEADS_MAIL_FROM: "website@corvanta.example",
        TRUST_PROXY: "1",
        RATE_LIMIT_MAX: "20",
      }),
    ).toMatchObject({
      DATABASE_URL: "postgres://site@db/leads",
      SMTP_URL: "smtps://user:pass@mail.example:465",
      LEADS_NOTIFY_TO: ["sales@corvanta.example", "ops@corvanta.example"],
      TRUST_PROXY: 1,
      RATE_LIMIT_MAX: 20,
    });
    expect(readEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toBe(
      "loopback, 10.0.0.0/8",
    );
    expect(readEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
  });

  it("bounds database calls at 5 s and keeps a spool unless told otherwise", () => {
    expect(readEnv({})).toMatchObject({ DATABASE_TIMEOUT_MS: 5_000 });
    expect(readEnv({}).LEAD_SPOOL_FILE).toBeUndefined();
    expect(readEnv({ DATABASE_TIMEOUT_MS: "2500", LEAD_SPOOL_FILE: "off" })).toMatchObject({
      DATABASE_TIMEOUT_MS: 2_500,
      LEAD_SPOOL_FILE: "off",
    });
  });

  it("names the variable that is wrong", () => {
    const wrong: Record<string, string> = {
      DATABASE_URL: "mysql://db/leads",
      SMTP_URL: "http://mail.example",
      LEADS_NOTIFY_TO: "sales at corvanta",
      LEADS_MAIL_FROM: "Website <website@corvanta.example>\r\nBcc: x@example.com",
      TRUST_PROXY: "my-proxy",
      FORM_TOKEN_SECRET: "short",
      RATE_LIMIT_MAX: "0",
      RATE_LIMIT_WINDOW_MINUTES: "soon",
      DATABASE_TIMEOUT_MS: "50",
    };
    for (const [name, value] of Object.entries(wrong)) {
      expect(() => readEnv({ [name]: value }), name).toThrow(new RegExp(`${name}: `));
    }
  });
});

describe("readEnv: the mail server's TLS", () => {
  it("checks the certificate against the public CAs unless told otherwise", () => {
    const env = readEnv({});
    expect(env.SMTP_TLS_REJECT_UNAUTHORIZED).toBe(true);
    expect(env.SMTP_CA_FILE).toBeUndefined();
  });

  it("reads a CA file and SMTP_TLS_REJECT_UNAUTHORIZED", () => {
    expect(
      readEnv({ SMTP_CA_FILE: relayCertificateFile, SMTP_TLS_REJECT_UNAUTHORIZED: "false" }),
    ).toMatchObject({ SMTP_CA_FILE: relayCertificateFile, SMTP_TLS_REJECT_UNAUTHORIZED: false });
    expect(readEnv({ SMTP_TLS_REJECT_UNAUTHORIZED: "true" }).SMTP_TLS_REJECT_UNAUTHORIZED).toBe(
      true,
    );
  });

  it("refuses a CA file that is missing or holds no certificate, and any other switch value", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "corvanta-env-"));
    try {
      const key = path.join(dir, "relay.key");
      writeFileSync(key, "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n");
      for (const file of [path.join(dir, "missing.pem"), key, dir]) {
        expect(() => readEnv({ SMTP_CA_FILE: file }), file).toThrow(
          "SMTP_CA_FILE: must be a readable PEM file holding a certificate",
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const value of ["no", "0", "FALSE"]) {
      expect(() => readEnv({ SMTP_TLS_REJECT_UNAUTHORIZED: value }), value).toThrow(
        "SMTP_TLS_REJECT_UNAUTHORIZED: must be true or false",
      );
    }
  });

  it("keeps TLS settings out of SMTP_URL, where nodemailer would silently override the variables", () => {
    expect(() =>
      readEnv({ SMTP_URL: "smtp://relay.internal:587?tls.rejectUnauthorized=false" }),
    ).toThrow(
      "SMTP_URL: must not carry tls.* options: set SMTP_CA_FILE or SMTP_TLS_REJECT_UNAUTHORIZED instead",
    );
    expect(readEnv({ SMTP_URL: "smtp://relay.internal:587?pool=true" }).SMTP_URL).toBe(
      "smtp://relay.internal:587?pool=true",
    );
  });
});

describe("readEnv: webhooks", () => {
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

  it("sends none unless WEBHOOK_URLS names a target, and gives up after 20 tries by default", () => {
    expect(readEnv({})).toMatchObject({ WEBHOOK_URLS: [], WEBHOOK_MAX_ATTEMPTS: 20 });
  });

  it("reads targets with the events each takes, separated by spaces or lines", () => {
    const env = readEnv({
      WEBHOOK_URLS:
        " https://hooks.zapier.com/hooks/catch/1/abc/|lead.created,registration.*\n  http://10.0.0.5:5678/webhook/x ",
      WEBHOOK_SECRET: secret,
      WEBHOOK_MAX_ATTEMPTS: "8",
    });
    expect(env.WEBHOOK_URLS).toEqual([
      {
        url: "https://hooks.zapier.com/hooks/catch/1/abc/",
        events: ["lead.created", "registration.*"],
      },
      { url: "http://10.0.0.5:5678/webhook/x", events: ["*"] },
    ]);
    expect(env).toMatchObject({ WEBHOOK_SECRET: secret, WEBHOOK_MAX_ATTEMPTS: 8 });
  });

  it("names what is wrong: an unknown event, a URL that is not http(s), a missing or bad secret", () => {
    const withSecret = (urls: string) => readEnv({ WEBHOOK_URLS: urls, WEBHOOK_SECRET: secret });
    expect(() => withSecret("https://a.example/|lead.updated")).toThrow(/WEBHOOK_URLS\.0\.events/);
    expect(() => withSecret("ftp://a.example/")).toThrow(/WEBHOOK_URLS\.0\.url/);
    expect(() => withSecret("a.example/hook")).toThrow(/WEBHOOK_URLS/);
    expect(() => readEnv({ WEBHOOK_URLS: "https://a.example/" })).toThrow(
      /WEBHOOK_SECRET: must be set when WEBHOOK_URLS is/,
    );
    expect(() => readEnv({ WEBHOOK_SECRET: "not-a-secret" })).toThrow(/WEBHOOK_SECRET/);
    expect(() => readEnv({ WEBHOOK_SECRET: "whsec_c2hvcnQ=" })).toThrow(/WEBHOOK_SECRET/);
  });
});
