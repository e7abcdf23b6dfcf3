import type { Response } from "express";
import type { EventRegistrationContext } from "~/load-context";
import { bufferedPost } from "../forms/http";
import type { RegistrationDesk } from "./registration-desk";

/** The load context's registration desk, bound to this request's buffered post. */
export function eventRegistrationContext(
  desk: RegistrationDesk,
  res: Response,
): EventRegistrationContext {
  return {
    issueToken: () => desk.issueToken(),
    seats: async (slug) => desk.seats(slug),
    register: (event) => desk.register(event, bufferedPost(res)),
    checkCancellation: (event, token) => desk.checkCancellation(event, token),
    cancel: (event) => desk.cancel(event, bufferedPost(res)),
  };
}
