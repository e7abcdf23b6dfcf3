import { describe, expect, it } from "vitest";
import { validEnquiry } from "../../../tests/support/contact-posts";
import { services } from "~/config/services";
import {
  budgetOptions,
  contactFieldLimits,
  contactFields,
  contactFormMessages,
  firstInvalidField,
  messageMinLength,
  normalizeLine,
  serviceOptions,
  validateContactForm,
  type ContactField,
} from "~/features/contact/contact-schema";

function form(fields: Record<string, string | undefined>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.set(key, value);
  return data;
}

function errorsFor(overrides: Record<string, string | undefined>) {
  const result = validateContactForm(form({ ...validEnquiry, ...overrides }));
  return result.success ? {} : result.errors;
}

describe("the contact form schema", () => {
  it("accepts a complete enquiry and normalises it", () => {
    const result = validateContactForm(form({ ...validEnquiry, name: "  Ana \t Ribeiro " }));
    expect(result).toEqual({
      success: true,
      enquiry: { ...validEnquiry, name: "Ana Ribeiro", consent: true },
    });
  });

  it("writes the message limit with its thousands grouped as en-GB groups them", () => {
    // Intl is fine here, on the server; the browser code groups by hand.
    expect(contactFormMessages.message.tooLong).toContain(
      ` ${contactFieldLimits.message.toLocaleString("en-GB")} characters`,
    );
  });

  it("offers the eleven services plus Something else, and every budget range", () => {
    expect(serviceOptions.map((option) => option.id)).toEqual([
      ...services.map((service) => service.id),
      "something-else",
    ]);
    for (const option of serviceOptions) expect(errorsFor({ service: option.id })).toEqual({});
    for (const option of budgetOptions) expect(errorsFor({ budget: option.id })).toEqual({});
  });

  it("treats the phone number as optional", () => {
    expect(errorsFor({ phone: undefined })).toEqual({});
    expect(errorsFor({ phone: "  " })).toEqual({});
  });

  it("treats the company and the budget as optional: left empty or out, they are null", () => {
    for (const empty of [undefined, "", "  "]) {
      const result = validateContactForm(form({ ...validEnquiry, company: empty, budget: empty }));
      expect(result).toEqual({
        success: true,
        enquiry: { ...validEnquiry, company: null, budget: null, consent: true },
      });
    }
  });

  // Each field: the input that leaves it out, one that is too long, one that is malformed.
  const cases: Record<ContactField, { missing?: string; tooLong?: string; malformed: string }> = {
    name: { missing: "", tooLong: "A".repeat(contactFieldLimits.name + 1), malformed: "12345 !!" },
    email: {
      missing: "",
      tooLong: `${"a".repeat(contactFieldLimits.email)}@example.com`,
      malformed: "ana.ribeiro(at)northwind",
    },
    company: { tooLong: "C".repeat(contactFieldLimits.company + 1), malformed: "--" },
    phone: { tooLong: "1".repeat(contactFieldLimits.phone + 1), malformed: "call me maybe" },
    service: { missing: "", malformed: "quantum-computing" },
    budget: { malformed: "a million" },
    message: {
      missing: "",
      tooLong: "m".repeat(contactFieldLimits.message + 1),
      malformed: "x".repeat(messageMinLength - 1),
    },
    consent: { missing: "", malformed: "maybe" },
  };

  for (const field of contactFields) {
    const messages: Record<string, string> = contactFormMessages[field];
    for (const [problem, input] of Object.entries(cases[field])) {
      it(`reports ${problem} ${field} with its own message`, () => {
        expect(errorsFor({ [field]: input })).toEqual({ [field]: messages[problem] });
      });
    }
    if (cases[field].missing !== undefined) {
      it(`reports ${field} left out of the post as missing`, () => {
        expect(errorsFor({ [field]: undefined })).toEqual({ [field]: messages.missing });
      });
    }
    it(`gives ${field} distinct messages for distinct problems`, () => {
      const texts = Object.values(messages);
      expect(new Set(texts).size).toBe(texts.length);
    });
  }

  it("reports every problem at once, in form order, and keeps what was typed", () => {
    const result = validateContactForm(
      form({ name: "<#>", email: "x", company: "--", budget: "lots", website: "trap" }),
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(result.errors)).toEqual([
      "name",
      "email",
      "company",
      "service",
      "budget",
      "message",
      "consent",
    ]);
    expect(firstInvalidField(result.errors)).toBe("name");
    expect(result.values).toEqual({ name: "<#>", email: "x", company: "--", budget: "lots" });
  });

  it("keeps markup and SQL exactly as typed: escaping is the renderer's job", () => {
    const markup = `"><img src=x onerror=alert(1)>`;
    const sql = `' OR 1=1--`;
    const result = validateContactForm(
      form({
        ...validEnquiry,
        name: markup,
        company: sql,
        message: `${markup} ${sql} and more text`,
      }),
    );
    expect(result.success && result.enquiry).toMatchObject({
      name: markup,
      company: sql,
      message: `${markup} ${sql} and more text`,
    });
  });

  it("turns line breaks in one-line fields into spaces, so none reaches a mail header", () => {
    expect(normalizeLine("Ana\r\nBcc: everyone@example.com")).toBe("Ana Bcc: everyone@example.com");
    const result = validateContactForm(
      form({ ...validEnquiry, name: "Ana\r\nBcc: x@example.com" }),
    );
    expect(result.success && result.enquiry.name).toBe("Ana Bcc: x@example.com");
  });

  it("keeps the message's paragraphs with plain \\n line endings", () => {
    const message = "First paragraph of the brief.\r\n\r\nSecond one\u0007 here.";
    const result = validateContactForm(form({ ...validEnquiry, message }));
    expect(result.success && result.enquiry.message).toBe(
      "First paragraph of the brief.\n\nSecond one here.",
    );
  });
});
