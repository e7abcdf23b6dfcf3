import { createContext, data, type RouterContext, type RouterContextProvider } from "react-router";
import type { ContactFormFailure } from "~/features/contact/contact-form-fields";
import type {
  CancellationCheck,
  CancellationOutcome,
  RegistrationOutcome,
} from "~/features/events/registration-fields";
import type { EventFacts, SeatCounts } from "~/features/events/registration-view";
import { maxFormBodyBytes, readFormWithin, tooLargeMessage } from "~/lib/forms/read-form";

/**
 * What the server (server/http/app.ts) hands the route modules with each request,
 * under `npm start` and `npm run dev` alike (docs/decisions/008). Route modules
 * reach the server only through it, so no database or mail code is bundled
 * into the app. React Router 8 gives loaders and actions a
 * RouterContextProvider; the server sets this one value in it, and a route
 * reads it with `context.get(appContext)`. Prerendering renders at build time
 * with no server, and tests may start the app without a lead pipeline, so each
 * field may be missing (the default is the empty object).
 */
export type AppContext = {
  /**
   * The clock loaders read through `requestTime` (below): the
   * real one unless a test starts the app at a chosen instant (decision 031).
   */
  now?: () => Date;
  /** The lead pipeline; without it the contact form's posts are answered 503. */
  contactForm?: ContactFormContext;
  /** The events' registration desk (server/registrations), bound to the current request. */
  eventRegistration?: EventRegistrationContext;
  /** This response's Content-Security-Policy nonce, for React's inline scripts (entry.server.tsx). */
  cspNonce?: string;
  /** Writes an error to the server's structured log (server/core/log.ts). */
  logError?: (error: unknown, request: { method: string; path: string }) => void;
  /**
   * Logs a form post whose body passed the size limit as it arrived, and
   * closes the connection after the answer rather than read the rest
   * (`readFormPost`, below).
   */
  refuseOversizedPost?: () => void;
};

/**
 * The server's per-request context in React Router's context provider. A
 * context is found by identity, and this module is loaded twice: in React
 * Router's server build and in the server's own bundle (scripts/build-server.ts;
 * in `npm run dev`, Vite's module runner and tsx). Both copies take the one key
 * from the global symbol registry.
 */
const appContextKey = Symbol.for("corvanta.appContext");
const registry = globalThis as { [appContextKey]?: RouterContext<AppContext> };
export const appContext: RouterContext<AppContext> = (registry[appContextKey] ??=
  createContext<AppContext>({}));

/** The server's context for this request; the empty object when prerendering. */
export function appContextOf(context: Readonly<RouterContextProvider> | undefined): AppContext {
  return context?.get(appContext) ?? {};
}

/**
 * The current instant as loaders see it. The server hands its clock to React
 * Router through the load context (`createApp`'s `now` option in
 * server/http/app.ts, the real clock unless a test passes a fixed one), so a
 * browser test can serve the events page at a chosen instant. Nothing in a
 * request can set it. Prerendering has no load context: the real clock then.
 * See docs/decisions/031.
 */
export function requestTime(context: Readonly<RouterContextProvider> | undefined): Date {
  return appContextOf(context).now?.() ?? new Date();
}

/**
 * A form's post, as its route's action reads it: the form data (null when the
 * body is not a form). The server refused a declared Content-Length over the
 * limit before the action ran (server/forms/http.ts); a body sent without one
 * is answered 413 here once it passes the limit, and the server closes the
 * connection after the answer.
 */
export async function readFormPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<FormData | null> {
  const form = await readFormWithin(request, maxFormBodyBytes);
  if (form !== "too-large") return form;
  appContextOf(context).refuseOversizedPost?.();
  throw data(tooLargeMessage, { status: 413 });
}

export type ContactFormOutcome = { kind: "accepted"; leadId: string } | ContactFormFailure;

/** The contact form's server side, bound to the current request. */
export interface ContactFormContext {
  /** A fresh signed time token for the form in this response. */
  issueToken(): string;
  /**
   * Checks the form the action read from this request (null when the body was
   * not a form) and stores it as a lead; resolves once the lead is committed.
   */
  receive(form: FormData | null): Promise<ContactFormOutcome>;
}

/**
 * Registration for an event, bound to the current request. The route hands
 * over the event's facts: the server does not read content/.
 */
export interface EventRegistrationContext {
  /** A fresh signed time token for the registration form in this response. */
  issueToken(): string;
  /** Confirmed and waiting registrations, read now. */
  seats(slug: string): Promise<SeatCounts>;
  /** The event's calendar file revision (SEQUENCE), raised by each "event changed" notice. */
  calendarSequence(slug: string): Promise<number>;
  /** Checks the form the action read and stores the registration; resolves once committed. */
  register(event: EventFacts, form: FormData | null): Promise<RegistrationOutcome>;
  /** What a cancellation link's token names; changes nothing. */
  checkCancellation(event: EventFacts, token: string | null): Promise<CancellationCheck>;
  /** Cancels the registration named by the token in the form the action read. */
  cancel(event: EventFacts, form: FormData | null): Promise<CancellationOutcome>;
}
