import type { ContactFormFailure } from "~/features/contact/contact-form-fields";

/**
 * What the production server (server/app.ts) hands the route modules with
 * each request. Route modules reach the server only through it, so no database
 * or mail code is bundled into the app. Under `react-router dev` there is no
 * such server and the fields are missing.
 */
declare module "react-router" {
  interface AppLoadContext {
    contactForm?: ContactFormContext;
    /** This response's Content-Security-Policy nonce, for React's inline scripts (entry.server.tsx). */
    cspNonce?: string;
    /** Writes an error to the server's structured log (server/log.ts). */
    logError?: (error: unknown, request: { method: string; path: string }) => void;
  }
}

export type ContactFormOutcome = { kind: "accepted"; leadId: string } | ContactFormFailure;

/** The contact form's server side, bound to the current request. */
export interface ContactFormContext {
  /** A fresh signed time token for the form in this response. */
  issueToken(): string;
  /**
   * Checks the post of this request (already size- and origin-checked by the
   * server) and stores it as a lead; resolves once the lead is committed.
   */
  receive(): Promise<ContactFormOutcome>;
}
