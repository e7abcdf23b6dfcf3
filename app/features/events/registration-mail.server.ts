import { siteConfig } from "~/config/site";
import { eventCalendarFile, eventLocation } from "~/features/events/event-calendar";
import type { EventFacts } from "~/features/events/registration-view";
import { fillPlaceholders as fill } from "~/lib/content/fields";
import { personFieldSchemas } from "~/lib/forms/schema";
import { domainOf, type MailMessage } from "~/lib/forms/mail-message";
import { visibleLine } from "~/lib/forms/visible-text";
import { formatDateTimeRange } from "~/lib/zoned-time";

/**
 * An event registration's e-mails, from the registration, the event's latest
 * facts and the words below: the events
 * feature's views in e-mail, as its pages are on the web. The server's outbox
 * (server/registrations/registration-mail.ts) reads the rows, signs the
 * cancel link and sends what these write. The attendee gets the event's
 * details, the calendar file (once they hold a place) and the cancel link; the
 * team a notice whose Reply-To is the attendee. Headers carry our own text and
 * addresses, a visitor's address only as an address object; what a visitor
 * typed goes into a body through `visibleLine`.
 */

/** What the e-mails read of a registration row, its answers parsed. */
export type RegistrationForMail = {
  id: string;
  name: string;
  email: string;
  company: string;
  job_title: string | null;
  status: "confirmed" | "waiting" | "cancelled";
  confirmed_at: string | null;
  answers: Record<string, string>;
};

/** Who sends, the team, and the event page's and the cancel link's addresses. */
export type MailContext = { from: string; team: string[]; page: string; cancel: string };

/** The e-mails' words. {placeholders} are filled in when each is sent. */
const registrationMailCopy = {
  attendee: {
    confirmed: {
      subject: "Your place is confirmed: {event}",
      opening: "Thank you for registering. Your place is confirmed:",
      closing: "See you there,",
    },
    promoted: {
      subject: "A place came free, and it is yours: {event}",
      opening:
        "Good news: a place came free, and as you were next on the waiting list, it is yours. Your place is confirmed:",
      closing: "See you there,",
    },
    waiting: {
      subject: "You are on the waiting list: {event}",
      opening:
        "Thank you for registering. Every place is taken, so you are on the waiting list for:",
      closing: "Best wishes,",
    },
    calendarFile: "The calendar file attached ({file}) adds it to your calendar.",
    joinOnline: "Join online: {url}",
    joinLater: "We will e-mail you the joining link before the event starts.",
    waitingNote:
      "If a place comes free, it goes to the first person on the list, and we will e-mail you at once with the calendar file. You need do nothing until then.",
    details: "Event details: {url}",
    toldUs: "What you told us:",
    cancelConfirmed:
      "Cannot come after all? Please cancel your place, so that someone on the waiting list can have it.",
    cancelWaiting: "No longer want a place? Take yourself off the waiting list.",
    cancelLink: "No account is needed; the link works once:",
  },
  already: {
    subject: "You are already registered: {event}",
    opening:
      "We received another registration with this e-mail address for an event you are already registered for, so nothing has changed. If it was not you, you need do nothing.",
    confirmed: "Your place is confirmed:",
    waiting: "You are on the waiting list for:",
    cancelled:
      "That registration has since been cancelled. You can register again on the event's page:",
    cancel: "Cannot come after all? Please cancel, so that someone else can have the place.",
    closing: "Best wishes,",
  },
  cancelled: {
    subject: "Your registration is cancelled: {event}",
    opening: "As you asked, your registration is cancelled. Nothing else is needed from you.",
    again: "Changed your mind? Register again on the event's page while places are open:",
    closing: "Best wishes,",
  },
  team: {
    newSubject: "New registration: {event}",
    newWaitingSubject: "New registration (waiting list): {event}",
    cancelledSubject: "Registration cancelled: {event}",
    newConfirmed: "A new registration came in on the website: a confirmed place.",
    newWaiting: "A new registration came in on the website: on the waiting list.",
    cancelledConfirmed: "A registration was cancelled on the website (it held a confirmed place).",
    cancelledWaiting:
      "A registration was cancelled on the website (it held a place on the waiting list).",
    replyHint: "Reply to this e-mail to write to the attendee.",
  },
} as const;

export type AttendeeKind =
  "registration-confirmed" | "registration-waiting" | "registration-promoted";

/** How every e-mail to a visitor ends: who wrote it, and where to answer. */
const signature = [siteConfig.name, siteConfig.email, ""];

/** The registration's address, if the form's check passes it unchanged: it goes into a header. */
function mailbox(email: string): { name: string; address: string } {
  const checked = personFieldSchemas.email.safeParse(email);
  if (!checked.success || checked.data !== email || /[\r\n,<>]/.test(email)) {
    throw new Error("the registration's e-mail address is not one we can write to");
  }
  return { name: "", address: email };
}

/** The event in three lines: title, date and time in its zone, place. */
function eventLines(event: EventFacts): string[] {
  const when = formatDateTimeRange(
    new Date(event.startsAt),
    new Date(event.endsAt),
    event.timeZone,
  );
  return [`  ${event.title}`, `  ${when}`, `  ${eventLocation(event)}`];
}

/** What the person told us, one line each, our labels first. */
function detailLines(registration: RegistrationForMail, event: EventFacts): string[] {
  const { answers } = registration;
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

const attendeeCopyOf = {
  "registration-confirmed": registrationMailCopy.attendee.confirmed,
  "registration-promoted": registrationMailCopy.attendee.promoted,
  "registration-waiting": registrationMailCopy.attendee.waiting,
} satisfies Record<AttendeeKind, unknown>;

export function composeAttendeeMail(
  kind: AttendeeKind,
  registration: RegistrationForMail,
  event: EventFacts,
  { from, page, cancel }: MailContext,
  now: Date,
): MailMessage {
  const copy = registrationMailCopy.attendee;
  const confirmed = kind !== "registration-waiting";
  const joining = event.joinUrl ? fill(copy.joinOnline, { url: event.joinUrl }) : copy.joinLater;
  const text = [
    `Hello ${visibleLine(registration.name)},`,
    "",
    attendeeCopyOf[kind].opening,
    "",
    ...eventLines(event),
    "",
    ...(confirmed
      ? [
          fill(copy.calendarFile, { file: `${event.slug}.ics` }),
          ...(event.format === "online" ? [joining] : []),
        ]
      : [copy.waitingNote]),
    "",
    fill(copy.details, { url: page }),
    "",
    copy.toldUs,
    ...detailLines(registration, event),
    "",
    confirmed ? copy.cancelConfirmed : copy.cancelWaiting,
    copy.cancelLink,
    cancel,
    "",
    attendeeCopyOf[kind].closing,
    ...signature,
  ].join("\n");
  const subject = fill(attendeeCopyOf[kind].subject, { event: event.title });
  const mail = toAttendee(registration, from, subject, text, kind);
  if (!confirmed) return mail;
  const calendar = eventCalendarFile(event, { now, pageUrl: page, joinUrl: event.joinUrl });
  const contentType = "text/calendar; charset=utf-8; method=PUBLISH";
  return {
    ...mail,
    attachments: [{ filename: `${event.slug}.ics`, content: calendar, contentType }],
  };
}

/** An e-mail to the registered person; `key` makes its Message-ID, the same on every retry. */
function toAttendee(
  registration: RegistrationForMail,
  from: string,
  subject: string,
  text: string,
  key: string,
): MailMessage {
  return {
    from,
    to: [mailbox(registration.email)],
    subject,
    text,
    messageId: `<registration-${registration.id}-${key}@${domainOf(from)}>`,
  };
}

/**
 * To the person at an address the form was sent with again: the page answered as for anyone, so it
 * tells no one who is registered; this e-mail, which only they read, says what holds. One per
 * outbox row (`rowId` in its Message-ID), with no calendar file: the first e-mail has it.
 */
export function composeAlreadyRegisteredMail(
  registration: RegistrationForMail,
  event: EventFacts,
  { from, page, cancel }: MailContext,
  rowId: string,
): MailMessage {
  const copy = registrationMailCopy.already;
  const active = registration.status !== "cancelled";
  const text = [
    `Hello ${visibleLine(registration.name)},`,
    "",
    copy.opening,
    "",
    copy[registration.status],
    "",
    ...eventLines(event),
    "",
    fill(registrationMailCopy.attendee.details, { url: page }),
    "",
    ...(active ? [copy.cancel, registrationMailCopy.attendee.cancelLink, cancel, ""] : []),
    copy.closing,
    ...signature,
  ].join("\n");
  const subject = fill(copy.subject, { event: event.title });
  return toAttendee(registration, from, subject, text, `already-${rowId}`);
}

/** To the person who cancelled: their cancellation, confirmed, and how to come back. */
export function composeCancelledMail(
  registration: RegistrationForMail,
  event: EventFacts,
  { from, page }: MailContext,
): MailMessage {
  const copy = registrationMailCopy.cancelled;
  const text = [
    `Hello ${visibleLine(registration.name)},`,
    "",
    copy.opening,
    "",
    ...eventLines(event),
    "",
    copy.again,
    page,
    "",
    copy.closing,
    ...signature,
  ].join("\n");
  const subject = fill(copy.subject, { event: event.title });
  return toAttendee(registration, from, subject, text, "cancelled");
}

export function composeTeamMail(
  kind: "registration-team-new" | "registration-team-cancelled",
  registration: RegistrationForMail,
  event: EventFacts,
  { from, team }: MailContext,
  counts: { confirmed: number; waiting: number },
  /** On a cancellation, who took the freed place from the waiting list. */
  promoted: readonly { name: string; email: string }[] = [],
): MailMessage {
  const copy = registrationMailCopy.team;
  const cancelled = kind === "registration-team-cancelled";
  const waiting = registration.status === "waiting";
  const summary = cancelled
    ? registration.confirmed_at
      ? copy.cancelledConfirmed
      : copy.cancelledWaiting
    : waiting
      ? copy.newWaiting
      : copy.newConfirmed;
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
    ...promoted.map(
      (person) =>
        `Promoted from the waiting list: ${visibleLine(person.name)} <${visibleLine(person.email)}>`,
    ),
    `Now: ${places}.`,
    `Registration id: ${registration.id}`,
    "",
    "--",
    copy.replyHint,
    `The full list: npm run leads -- registrations --event ${event.slug}`,
    "",
  ].join("\n");
  const subject = cancelled
    ? copy.cancelledSubject
    : waiting
      ? copy.newWaitingSubject
      : copy.newSubject;
  return {
    from,
    to: team,
    replyTo: mailbox(registration.email),
    subject: fill(subject, { event: event.title }),
    text,
    messageId: `<registration-${registration.id}-${kind}@${domainOf(from)}>`,
  };
}
