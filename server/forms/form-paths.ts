import { isEventFormPath } from "~/config/paths";
import { contactFormPath } from "~/features/contact/contact-schema";

/**
 * What the server accepts besides GET and HEAD: the contact form's post and an event's registration
 * and cancellation, to their page or to the data URL React Router posts to when JavaScript runs.
 */
export function acceptsPost(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return (
    trimmed === contactFormPath || trimmed === `${contactFormPath}.data` || isEventFormPath(trimmed)
  );
}
