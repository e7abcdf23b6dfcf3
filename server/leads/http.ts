import type { Response } from "express";
import type { ContactFormContext } from "~/load-context";
import { bufferedPost } from "../forms/http";
import type { LeadIntake } from "./lead-intake";

/** The load context's contact form, bound to this request's buffered post. */
export function contactFormContext(intake: LeadIntake, res: Response): ContactFormContext {
  return {
    issueToken: () => intake.issueToken(),
    receive: () => intake.receive(bufferedPost(res)),
  };
}
