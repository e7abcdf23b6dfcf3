import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token in a registration's cancellation link, `c1.<registration id>.<HMAC>`,
 * signed with the secret `cancelSecretName` in app_secrets: whoever holds the
 * confirmation e-mail can cancel, with no account, and nobody can make one for
 * another registration. It works once: a cancelled registration stays so.
 */
const VERSION = "c1";

export const cancelSecretName = "registration-cancel";

function mac(secret: string, registrationId: string): Buffer {
  return createHmac("sha256", secret).update(`${VERSION}.${registrationId}`).digest();
}

export function signCancelToken(secret: string, registrationId: string): string {
  return `${VERSION}.${registrationId}.${mac(secret, registrationId).toString("base64url")}`;
}

/** The registration id a genuine token names, or null. */
export function verifyCancelToken(secret: string, token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, registrationId, signature] = parts as [string, string, string];
  if (!/^[0-9a-f-]{36}$/.test(registrationId)) return null;
  const expected = mac(secret, registrationId);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? registrationId
    : null;
}
