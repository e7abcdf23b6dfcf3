import { eventCalendarFile } from "~/features/events/event-calendar";
import type { EventFacts } from "~/features/events/registration-view";
import type { AppDatabase } from "../db/database";
import type { Registration } from "../db/schema";
import { domainOf, type OutboxMail } from "../outbox/mailer";
import { visibleLine } from "../outbox/visible-text";
import { systemClock, type Clock } from "../core/logger";
import type { OutboxComposer } from "../outbox/outbox-worker";
import { findEventFacts } from "./registration-reads";
import {
  detailLines,
  eventLines,
  links,
  mailbox,
  signature,
  type RegistrationMailSettings,
} from "./mail-parts";
import { findRegistration, seatCounts } from "./registration-store";

/**
 * An event registration's e-mails, written when the outbox worker sends them, from the
 * registration's row and the event's latest facts. The attendee gets the event's details, the
 * calendar file (once they hold a place) and the cancel link; the team a notice whose Reply-To is
 * the attendee. Headers carry our own text and addresses, a visitor's address only as an address
 * object; what a visitor typed goes into a body through `visibleLine`, as in the lead e-mails.
 */

type AttendeeKind = "registration-confirmed" | "registration-waiting" | "registration-promoted";

export function registrationMailComposer(
  db: AppDatabase,
  settings: RegistrationMailSettings,
  now: Clock = systemClock,
): OutboxComposer {
  return async (row) => {
    const registration = row.registration_id && (await findRegistration(db, row.registration_id));
    if (!registration) throw new Error(`outbox row ${row.id} names no registration`);
    const event = await findEventFacts(db, registration.event_slug);
    if (!event) throw new Error(`no facts stored for the event ${registration.event_slug}`);
    switch (row.kind) {
      case "registration-confirmed":
      case "registration-waiting":
      case "registration-promoted":
        return composeAttendeeMail(row.kind, registration, event, settings, now());
      case "registration-already":
        return composeAlreadyRegisteredMail(registration, event, settings, row.id);
      case "registration-team-new":
      case "registration-team-cancelled": {
        const counts = await seatCounts(db, event.slug);
        return composeTeamMail(row.kind, registration, event, settings, counts);
      }
      default:
        throw new Error(`outbox row ${row.id} is not a registration e-mail (${row.kind})`);
    }
  };
}

const attendeeCopy: Record<AttendeeKind, { subject: string; opening: string[] }> = {
  "registration-confirmed": {
    subject: "Your place is confirmed",
    opening: ["Thank you for registering. Your place is confirmed:"],
  },
  "registration-promoted": {
    subject: "A place came free, and it is yours",
    opening: [
      "Good news: a place came free, and as you were next on the waiting list,",
      "it is yours. Your place is confirmed:",
    ],
  },
  "registration-waiting": {
    subject: "You are on the waiting list",
    opening: [
      "Thank you for registering. Every place is taken, so you are on the waiting list for:",
    ],
  },
};

function composeAttendeeMail(
  kind: AttendeeKind,
  registration: Registration,
  event: EventFacts,
  settings: RegistrationMailSettings,
  now: Date,
): OutboxMail {
  const copy = attendeeCopy[kind];
  const { page, cancel } = links(event, registration, settings);
  const confirmed = kind !== "registration-waiting";
  const joining = event.joinUrl
    ? `Join online: ${event.joinUrl}`
    : "We will e-mail you the joining link before the event starts.";
  const text = [
    `Hello ${visibleLine(registration.name)},`,
    "",
    ...copy.opening,
    "",
    ...eventLines(event),
    "",
    ...(confirmed
      ? [
          `The calendar file attached (${event.slug}.ics) adds it to your calendar.`,
          ...(event.format === "online" ? [joining] : []),
        ]
      : [
          "If a place comes free, it goes to the first person on the list, and we",
          "will e-mail you at once with the calendar file. You need do nothing until then.",
        ]),
    "",
    `Event details: ${page}`,
    "",
    "What you told us:",
    ...detailLines(registration, event),
    "",
    confirmed
      ? "Cannot come after all? Please cancel your place, so that someone on the waiting list can have it."
      : "No longer want a place? Take yourself off the waiting list.",
    "No account is needed; the link works once:",
    cancel,
    "",
    confirmed ? "See you there," : "Best wishes,",
    ...signature,
  ].join("\n");
  return {
    from: settings.from,
    to: [mailbox(registration.email)],
    subject: `${copy.subject}: ${event.title}`,
    text,
    ...(confirmed
      ? {
          attachments: [
            {
              filename: `${event.slug}.ics`,
              content: eventCalendarFile(event, { now, pageUrl: page, joinUrl: event.joinUrl }),
              contentType: "text/calendar; charset=utf-8; method=PUBLISH",
            },
          ],
        }
      : {}),
    messageId: `<registration-${registration.id}-${kind}@${domainOf(settings.from)}>`,
  };
}

/**
 * To the person at an address the form was sent with again: the page answered as for anyone, so it
 * tells no one who is registered; this e-mail, which only they read, says what holds. One per
 * outbox row (`rowId` in its Message-ID), with no calendar file: the first e-mail has it.
 */
function composeAlreadyRegisteredMail(
  registration: Registration,
  event: EventFacts,
  settings: RegistrationMailSettings,
  rowId: string,
): OutboxMail {
  const { page, cancel } = links(event, registration, settings);
  const standing =
    registration.status === "confirmed"
      ? "Your place is confirmed:"
      : registration.status === "waiting"
        ? "You are on the waiting list for:"
        : "That registration has since been cancelled. You can register again on the event's page:";
  const text = [
    `Hello ${visibleLine(registration.name)},`,
    "",
    "We received another registration with this e-mail address for an event you",
    "are already registered for, so nothing has changed. If it was not you, you",
    "need do nothing.",
    "",
    standing,
    "",
    ...eventLines(event),
    "",
    `Event details: ${page}`,
    "",
    ...(registration.status === "cancelled"
      ? []
      : [
          "Cannot come after all? Please cancel, so that someone else can have the place.",
          "No account is needed; the link works once:",
          cancel,
          "",
        ]),
    "Best wishes,",
    ...signature,
  ].join("\n");
  return {
    from: settings.from,
    to: [mailbox(registration.email)],
    subject: `You are already registered: ${event.title}`,
    text,
    messageId: `<registration-${registration.id}-already-${rowId}@${domainOf(settings.from)}>`,
  };
}

function composeTeamMail(
  kind: "registration-team-new" | "registration-team-cancelled",
  registration: Registration,
  event: EventFacts,
  settings: RegistrationMailSettings,
  counts: { confirmed: number; waiting: number },
): OutboxMail {
  const cancelled = kind === "registration-team-cancelled";
  const waiting = registration.status === "waiting";
  const held = registration.confirmed_at ? "a confirmed place" : "a place on the waiting list";
  const summary = cancelled
    ? `A registration was cancelled on the website (it held ${held}).`
    : `A new registration came in on the website: ${waiting ? "on the waiting list" : "a confirmed place"}.`;
  const places =
    event.capacity === null
      ? `${counts.confirmed} confirmed (no limit), ${counts.waiting} waiting`
      : `${counts.confirmed} of ${event.capacity} places confirmed, ${counts.waiting} waiting`;
  const text = [
    summary,
    "",
    ...eventLines(event),
    "",
    ...detailLines(registration, event),
    "",
    `Now: ${places}.`,
    `Registration id: ${registration.id}`,
    "",
    "--",
    "Reply to this e-mail to write to the attendee.",
    `The full list: npm run leads -- registrations --event ${event.slug}`,
    "",
  ].join("\n");
  const subject = cancelled
    ? `Registration cancelled: ${event.title}`
    : `New registration${waiting ? " (waiting list)" : ""}: ${event.title}`;
  return {
    from: settings.from,
    to: settings.team,
    replyTo: mailbox(registration.email),
    subject,
    text,
    messageId: `<registration-${registration.id}-${kind}@${domainOf(settings.from)}>`,
  };
}
