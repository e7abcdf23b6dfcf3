import {
  composeAlreadyRegisteredMail,
  composeAttendeeMail,
  composeCancelledMail,
  composeTeamMail,
} from "~/features/events/registration-mail.server";
import { eventCancelPath, eventPath } from "~/config/paths";
import type { AppDatabase } from "../db/database";
import { systemClock, type Clock } from "../core/logger";
import type { OutboxComposer } from "../outbox/outbox-worker";
import { signCancelToken } from "./cancel-token";
import { findEventFacts, registrationAnswers } from "./registration-reads";
import { findRegistration, seatCounts } from "./registration-store";

export type RegistrationMailSettings = {
  from: string;
  /** The team (LEADS_NOTIFY_TO). */
  team: string[];
  /** The public origin (SITE_URL) the links in the e-mails point to. */
  siteUrl: string;
  cancelSecret: string;
};

/**
 * An event registration's e-mails, written when the outbox worker sends them
 * (app/features/events/registration-mail.server.ts has their words and layout):
 * this reads the row and the event's latest facts, and signs the cancel link.
 */
export function registrationMailComposer(
  db: AppDatabase,
  settings: RegistrationMailSettings,
  now: Clock = systemClock,
): OutboxComposer {
  return async (row) => {
    const stored = row.registration_id && (await findRegistration(db, row.registration_id));
    if (!stored) throw new Error(`outbox row ${row.id} names no registration`);
    const event = await findEventFacts(db, stored.event_slug);
    if (!event) throw new Error(`no facts stored for the event ${stored.event_slug}`);
    const registration = { ...stored, answers: registrationAnswers(stored) };
    const token = signCancelToken(settings.cancelSecret, stored.id);
    const context = {
      from: settings.from,
      team: settings.team,
      page: new URL(eventPath(event.slug), settings.siteUrl).href,
      cancel: new URL(eventCancelPath(event.slug, token), settings.siteUrl).href,
    };
    switch (row.kind) {
      case "registration-confirmed":
      case "registration-waiting":
      case "registration-promoted":
        return composeAttendeeMail(row.kind, registration, event, context, now());
      case "registration-already":
        return composeAlreadyRegisteredMail(registration, event, context, row.id);
      case "registration-cancelled":
        return composeCancelledMail(registration, event, context);
      case "registration-team-new":
      case "registration-team-cancelled": {
        // Who took the place it freed: promoted in the same transaction, at the same instant.
        const promoted = stored.cancelled_at
          ? await db
              .selectFrom("registrations")
              .select(["name", "email"])
              .where("event_slug", "=", event.slug)
              .where("confirmed_at", "=", stored.cancelled_at)
              .where("id", "<>", stored.id)
              .execute()
          : [];
        const counts = await seatCounts(db, event.slug);
        return composeTeamMail(row.kind, registration, event, context, counts, promoted);
      }
      default:
        throw new Error(`outbox row ${row.id} is not a registration e-mail (${row.kind})`);
    }
  };
}
