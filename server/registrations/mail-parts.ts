import { eventCancelPath, eventPath } from "~/config/paths";
import { siteConfig } from "~/config/site";
import { eventLocation } from "~/features/events/event-calendar";
import type { EventFacts } from "~/features/events/registration-view";
import { formatDateTimeRange } from "~/lib/zoned-time";
import { personFieldSchemas } from "~/lib/forms/schema";
import type { Registration } from "../db/schema";
import { visibleLine } from "../outbox/visible-text";
import { signCancelToken } from "./cancel-token";
import { registrationAnswers } from "./registration-reads";

// The parts every registration e-mail is written from.

export type RegistrationMailSettings = {
  from: string;
  /** The team (LEADS_NOTIFY_TO). */
  team: string[];
  /** The public origin (SITE_URL) the links in the e-mails point to. */
  siteUrl: string;
  cancelSecret: string;
};

/** How every e-mail to a visitor ends: who wrote it, and where to answer. */
export const signature = [siteConfig.name, siteConfig.email, ""];

/** The registration's address, if the form's check passes it unchanged: it goes into a header. */
export function mailbox(email: string): { name: string; address: string } {
  const checked = personFieldSchemas.email.safeParse(email);
  if (!checked.success || checked.data !== email || /[\r\n,<>]/.test(email)) {
    throw new Error("the registration's e-mail address is not one we can write to");
  }
  return { name: "", address: email };
}

export function links(
  event: EventFacts,
  registration: Registration,
  settings: RegistrationMailSettings,
) {
  const token = signCancelToken(settings.cancelSecret, registration.id);
  return {
    page: new URL(eventPath(event.slug), settings.siteUrl).href,
    cancel: new URL(eventCancelPath(event.slug, token), settings.siteUrl).href,
  };
}

/** The event in three lines: title, date and time in its zone, place. */
export function eventLines(event: EventFacts): string[] {
  const when = formatDateTimeRange(
    new Date(event.startsAt),
    new Date(event.endsAt),
    event.timeZone,
  );
  return [`  ${event.title}`, `  ${when}`, `  ${eventLocation(event)}`];
}

/** What the person told us, one line each, our labels first. */
export function detailLines(registration: Registration, event: EventFacts): string[] {
  const answers = registrationAnswers(registration);
  const rows: [string, string][] = [
    ["Name", registration.name],
    ["E-mail", registration.email],
    ["Company", registration.company],
    ["Job title", registration.job_title ?? "(not given)"],
    ...event.questions.map((question): [string, string] => [
      question.label,
      answers[question.id] ?? "(no answer)",
    ]),
  ];
  return rows.map(([label, value]) => `  ${label}: ${visibleLine(value)}`);
}
