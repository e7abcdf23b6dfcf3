import type { ContactFormContext } from "~/load-context";
import type { LeadIntake } from "./lead-intake";

/** The load context's contact form, bound to this request's client address. */
export function contactFormContext(intake: LeadIntake, clientAddress: string): ContactFormContext {
  return {
    issueToken: () => intake.issueToken(),
    receive: (form) => intake.receive({ form, clientAddress }),
  };
}
