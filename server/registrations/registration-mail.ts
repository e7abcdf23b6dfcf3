import {
  composeAlreadyRegisteredMail,
  composeAttendeeMail,
  composeCancelledMail,
  composeChangedMail,
  composeMovedMail,
  composeTeamMail,
} from "~/features/events/registration-mail.server";
import { eventCancelPath, eventPath } from "~/config/paths";
import type { AppDatabase } from "../db/database";
import type { Registration } from "../db/schema";
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

/** Who took the place a cancellation freed: promoted in its transaction, at the same instant. */
const promotedBy = (db: AppDatabase, cancelled: Registration) =>
  db
    .selectFrom("registrations")
    .select(["name", "email"])
    .where("event_slug", "=", cancelled.event_slug)
    .where("confirmed_at", "=", cancelled.cancelled_at ?? "")
    .where("id", "<>", cancelled.id)
    .execute();

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
  const sequenceOf = db.selectFrom("registration_events").select("calendar_sequence");
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
      calendarSequence: Number(
        (await sequenceOf.where("slug", "=", event.slug).execute())[0]?.calendar_sequence ?? 0,
      ),
    };
    switch (row.kind) {
      case "registration-confirmed":
      case "registration-waiting":
      case "registration-promoted":
        return composeAttendeeMail(row.kind, registration, event, context, now());
      case "registration-already":
        return composeAlreadyRegisteredMail(registration, event, context, row.id);
      case "registration-cancelled":
        return composeCancelledMail(registration, event, context, now());
      case "registration-changed":
        return composeChangedMail(registration, event, context, now(), row.id);
      case "registration-moved":
      case "registration-team-moved": {
        const moved = await findRegistration(db, stored.moved_from ?? "");
        const from = moved && (await findEventFacts(db, moved.event_slug));
        if (!moved || !from)
          throw new Error(`outbox row ${row.id}: the moved registration is gone`);
        if (row.kind === "registration-moved") {
          return composeMovedMail(registration, event, from, context, now());
        }
        const counts = await seatCounts(db, event.slug);
        const promoted = await promotedBy(db, moved);
        return composeTeamMail(row.kind, registration, event, context, counts, promoted, from);
      }
      case "registration-team-new":
      case "registration-team-cancelled": {
        const promoted = stored.cancelled_at ? await promotedBy(db, stored) : [];
        const counts = await seatCounts(db, event.slug);
        return composeTeamMail(row.kind, registration, event, context, counts, promoted);
      }
      default:
        throw new Error(`outbox row ${row.id} is not a registration e-mail (${row.kind})`);
    }
  };
}
