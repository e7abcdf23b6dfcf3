import type { EventRegistrationContext } from "~/load-context";
import type { RegistrationDesk } from "./registration-desk";

/** The load context's registration desk, bound to this request's client address. */
export function eventRegistrationContext(
  desk: RegistrationDesk,
  clientAddress: string,
): EventRegistrationContext {
  return {
    issueToken: () => desk.issueToken(),
    seats: async (slug) => desk.seats(slug),
    calendarSequence: (slug) => desk.calendarSequence(slug),
    register: (event, form) => desk.register(event, { form, clientAddress }),
    checkCancellation: (event, token) => desk.checkCancellation(event, token),
    cancel: (event, form) => desk.cancel(event, { form, clientAddress }),
  };
}
