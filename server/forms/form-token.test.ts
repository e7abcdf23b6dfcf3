import { describe, expect, it } from "vitest";
import { formTokenTiming, hmacSha256, signFormToken, verifyFormToken } from "./form-token";

const secret = "form-token-test-secret-0123456789abcdef";
const issuedAt = new Date("2026-11-23T09:00:00.000Z");
const after = (ms: number) => new Date(issuedAt.getTime() + ms);

describe("the form's time token", () => {
  const token = signFormToken(secret, issuedAt, "contact");

  it("is valid from three seconds to four hours after the form was rendered", () => {
    expect(verifyFormToken(secret, token, after(formTokenTiming.minAgeMs), "contact")).toBe(
      "valid",
    );
    expect(verifyFormToken(secret, token, after(formTokenTiming.maxAgeMs), "contact")).toBe(
      "valid",
    );
  });

  it("is too fast before three seconds, expired after four hours", () => {
    expect(verifyFormToken(secret, token, after(formTokenTiming.minAgeMs - 1), "contact")).toBe(
      "too-fast",
    );
    expect(verifyFormToken(secret, token, after(formTokenTiming.maxAgeMs + 1), "contact")).toBe(
      "expired",
    );
  });

  it("is invalid when altered, signed with another secret, missing or from the future", () => {
    const [version, issued, nonce, signature] = token.split(".");
    const earlier = (parseInt(issued!, 36) - 60_000).toString(36);
    for (const forged of [
      `${version}.${earlier}.${nonce}.${signature}`,
      `${version}.${issued}.${nonce}x.${signature}`,
      `${version}.${issued}.${nonce}.${signature!.slice(1)}`,
      signFormToken("some-other-secret-0123456789abcdefghij", issuedAt, "contact"),
      "",
      "v1.abc",
      undefined,
      42,
    ]) {
      expect(verifyFormToken(secret, forged, after(10_000), "contact"), String(forged)).toBe(
        "invalid",
      );
    }
    expect(
      verifyFormToken(
        secret,
        signFormToken(secret, after(600_000), "contact"),
        issuedAt,
        "contact",
      ),
    ).toBe("invalid");
  });

  it("is invalid on another form than the one it was signed for", () => {
    const registration = signFormToken(secret, issuedAt, "registration");
    expect(verifyFormToken(secret, registration, after(10_000), "registration")).toBe("valid");
    expect(verifyFormToken(secret, registration, after(10_000), "contact")).toBe("invalid");
    expect(verifyFormToken(secret, token, after(10_000), "registration")).toBe("invalid");
  });

  it("differs on every rendering", () => {
    expect(signFormToken(secret, issuedAt, "contact")).not.toBe(token);
  });
});

describe("the token's HMAC-SHA256", () => {
  it("gives RFC 4231's value for its test case 2", () => {
    expect(hmacSha256("Jefe", "what do ya want for nothing?").toString("hex")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });
});
