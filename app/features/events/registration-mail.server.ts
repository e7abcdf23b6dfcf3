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

/**
 * Who sends, the team, the event page's and the cancel link's addresses, and the SEQUENCE of the
 * event's calendar file (0 until an "event changed" notice raises it, so calendars take the update).
 */
export type MailContext = {
  from: string;
  team: string[];
  page: string;
  cancel: string;
  calendarSequence?: number;
};

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
      "That registration has since been cancelled. You can register again on the event’s page:",
    cancel: "Cannot come after all? Please cancel, so that someone else can have the place.",
    closing: "Best wishes,",
  },
  cancelled: {
    subject: "Your registration is cancelled: {event}",
    opening: "As you asked, your registration is cancelled. Nothing else is needed from you.",
    calendarFile:
      "The attached {file} marks the event cancelled in your calendar: open it, or let your mail app add it.",
    again: "Changed your mind? Register again on the event’s page while places are open:",
    closing: "Best wishes,",
  },
  moved: {
    subject: "Your registration has moved to {event}",
    opening: "Our events team has moved your registration from “{from}” to:",
    confirmed: "Your place is confirmed.",
    waiting:
      "Every place is taken, so you are on its waiting list. If a place comes free, it goes to the first person on the list, and we will e-mail you at once with the calendar file.",
    released: "You no longer hold a registration for “{from}”: there is nothing to cancel there.",
  },
  changed: {
    subject: "Event updated: {event}",
    opening: "An event you are registered for has changed. This is the event as it now stands:",
    confirmed: "Your place is still confirmed.",
    waiting:
      "You are still on the waiting list. If a place comes free, we will e-mail you at once with the calendar file.",
    // Cancelled after the notice was queued, before it went.
    cancelled:
      "Your registration has since been cancelled, so you need do nothing. You can register again on the event’s page while places are open.",
    calendarFile:
      "The calendar file attached ({file}) updates the entry the first one put in your calendar.",
    cannotCome:
      "If the change means you cannot come, please cancel, so that someone else can have the place.",
    closing: "Best wishes,",
  },
  team: {
    newSubject: "New registration: {event}",
    movedSubject: "Registration moved: {event}",
    movedConfirmed: "Staff moved a registration here from “{from}”: a confirmed place.",
    movedWaiting: "Staff moved a registration here from “{from}”: on the waiting list.",
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
  context: MailContext,
  now: Date,
): MailMessage {
  const { from, page, cancel } = context;
  const copy = registrationMailCopy.attendee;
  const confirmed = kind !== "registration-waiting";
  const text = letterTo(registration, [
    attendeeCopyOf[kind].opening,
    "",
    ...eventLines(event),
    "",
    ...(confirmed ? calendarLines(event) : [copy.waitingNote]),
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
  ]);
  const subject = fill(attendeeCopyOf[kind].subject, { event: event.title });
  const mail = toAttendee(registration, from, subject, text, kind);
  return confirmed ? withCalendarFile(mail, event, context, now) : mail;
}

/**
 * The event's calendar file attached: the same UID as the page's download, so a later file (an
 * "event changed" notice's, with a higher SEQUENCE) updates the entry this one made.
 */
function withCalendarFile(
  mail: MailMessage,
  event: EventFacts,
  { page, calendarSequence = 0 }: MailContext,
  now: Date,
  { cancelled = false }: { cancelled?: boolean } = {},
): MailMessage {
  const calendar = eventCalendarFile(event, {
    now,
    pageUrl: page,
    joinUrl: cancelled ? undefined : event.joinUrl,
    // A cancellation is the entry's next revision: a calendar takes it over the file it holds.
    sequence: calendarSequence + (cancelled ? 1 : 0),
    cancelled,
  });
  const contentType = "text/calendar; charset=utf-8; method=PUBLISH";
  return {
    ...mail,
    attachments: [{ filename: `${event.slug}.ics`, content: calendar, contentType }],
  };
}

/** What a confirmed attendee reads about the calendar file and an online event's link. */
function calendarLines(
  event: EventFacts,
  fileLine: string = registrationMailCopy.attendee.calendarFile,
): string[] {
  const copy = registrationMailCopy.attendee;
  const joining = event.joinUrl ? fill(copy.joinOnline, { url: event.joinUrl }) : copy.joinLater;
  return [
    fill(fileLine, { file: `${event.slug}.ics` }),
    ...(event.format === "online" ? [joining] : []),
  ];
}

/**
 * To a person staff moved from the event `movedFrom` to this one: where they now stand, the
 * calendar file once they hold a place (as in every other e-mail), and the new cancel link.
 */
export function composeMovedMail(
  registration: RegistrationForMail,
  event: EventFacts,
  movedFrom: EventFacts,
  context: MailContext,
  now: Date,
): MailMessage {
  const copy = registrationMailCopy.moved;
  const attendee = registrationMailCopy.attendee;
  const confirmed = registration.status === "confirmed";
  const text = letterTo(registration, [
    fill(copy.opening, { from: movedFrom.title }),
    "",
    ...eventLines(event),
    "",
    confirmed ? copy.confirmed : copy.waiting,
    ...(confirmed ? calendarLines(event) : []),
    fill(copy.released, { from: movedFrom.title }),
    "",
    fill(attendee.details, { url: context.page }),
    "",
    confirmed ? attendee.cancelConfirmed : attendee.cancelWaiting,
    attendee.cancelLink,
    context.cancel,
    "",
    confirmed ? attendee.confirmed.closing : attendee.waiting.closing,
  ]);
  const subject = fill(copy.subject, { event: event.title });
  const mail = toAttendee(registration, context.from, subject, text, "moved");
  return confirmed ? withCalendarFile(mail, event, context, now) : mail;
}

/**
 * The "event changed" notice: the event as its content now has it, and for a confirmed place a
 * fresh calendar file. One per notice (`rowId` in its Message-ID).
 */
export function composeChangedMail(
  registration: RegistrationForMail,
  event: EventFacts,
  context: MailContext,
  now: Date,
  rowId: string,
): MailMessage {
  const copy = registrationMailCopy.changed;
  const attendee = registrationMailCopy.attendee;
  const confirmed = registration.status === "confirmed";
  const text = letterTo(registration, [
    copy.opening,
    "",
    ...eventLines(event),
    "",
    copy[registration.status],
    ...(confirmed ? calendarLines(event, copy.calendarFile) : []),
    "",
    fill(attendee.details, { url: context.page }),
    "",
    ...(registration.status === "cancelled"
      ? []
      : [copy.cannotCome, attendee.cancelLink, context.cancel, ""]),
    copy.closing,
  ]);
  const subject = fill(copy.subject, { event: event.title });
  const mail = toAttendee(registration, context.from, subject, text, `changed-${rowId}`);
  return confirmed ? withCalendarFile(mail, event, context, now) : mail;
}

/** A letter to the registered person: the greeting, the body's lines, the team's signature. */
function letterTo(registration: RegistrationForMail, body: readonly string[]): string {
  return [`Hello ${visibleLine(registration.name)},`, "", ...body, ...signature].join("\n");
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
  const text = letterTo(registration, [
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
  ]);
  const subject = fill(copy.subject, { event: event.title });
  return toAttendee(registration, from, subject, text, `already-${rowId}`);
}

/**
 * To the person who cancelled: their cancellation, confirmed, and how to come back. Whoever held a
 * confirmed place had the calendar file; this one marks that entry cancelled.
 */
export function composeCancelledMail(
  registration: RegistrationForMail,
  event: EventFacts,
  context: MailContext,
  now: Date,
): MailMessage {
  const copy = registrationMailCopy.cancelled;
  const hadCalendarFile = registration.confirmed_at !== null;
  const text = letterTo(registration, [
    copy.opening,
    "",
    ...eventLines(event),
    "",
    ...(hadCalendarFile ? [fill(copy.calendarFile, { file: `${event.slug}.ics` }), ""] : []),
    copy.again,
    context.page,
    "",
    copy.closing,
  ]);
  const subject = fill(copy.subject, { event: event.title });
  const mail = toAttendee(registration, context.from, subject, text, "cancelled");
  return hadCalendarFile ? withCalendarFile(mail, event, context, now, { cancelled: true }) : mail;
}

export function composeTeamMail(
  kind: "registration-team-new" | "registration-team-cancelled" | "registration-team-moved",
  registration: RegistrationForMail,
  event: EventFacts,
  { from, team }: MailContext,
  counts: { confirmed: number; waiting: number },
  /** On a cancellation or move, who took the freed place from the waiting list. */
  promoted: readonly { name: string; email: string }[] = [],
  /** On a move, the event the registration was moved from (where `promoted` took its place). */
  movedFrom?: EventFacts,
): MailMessage {
  const copy = registrationMailCopy.team;
  const cancelled = kind === "registration-team-cancelled";
  const waiting = registration.status === "waiting";
  const summary = movedFrom
    ? fill(waiting ? copy.movedWaiting : copy.movedConfirmed, { from: movedFrom.title })
    : cancelled
      ? registration.confirmed_at
        ? copy.cancelledConfirmed
        : copy.cancelledWaiting
      : waiting
        ? copy.newWaiting
        : copy.newConfirmed;
  const promotedFrom = movedFrom ? ` of “${movedFrom.title}”` : "";
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
        `Promoted from the waiting list${promotedFrom}: ${visibleLine(person.name)} <${visibleLine(person.email)}>`,
    ),
    `Now: ${places}.`,
    `Registration id: ${registration.id}`,
    "",
    "--",
    copy.replyHint,
    `The full list: npm run leads -- registrations --event ${event.slug}`,
    "",
  ].join("\n");
  const subject = movedFrom
    ? copy.movedSubject
    : cancelled
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
