import { Link } from "react-router";
import { ConfirmationHeading } from "~/components/forms/confirmation-heading";
import { SiteEmailLink } from "~/components/forms/form-parts";
import { NextSteps, type NextStep } from "~/components/forms/next-steps";
import { SectionBand } from "~/components/sections/section";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { eventCalendarPath, eventRegistrationPath, paths } from "~/config/paths";
import type { EventView } from "~/features/events/event-view";
import { RegistrationForm } from "~/features/events/registration-form";
import { registrationAnchor, type RegistrationAnswer } from "~/features/events/registration-fields";
import {
  registrationStateLabel,
  takesRegistrations,
  type EventQuestion,
  type RegistrationState,
} from "~/features/events/registration-view";
import { cn } from "~/lib/cn";

export type EventRegistration = {
  state: RegistrationState;
  questions: readonly EventQuestion[];
  formToken: string | null;
  /** "Tue 16 March 2027, 17:00 GMT" when a closing time comes before the start. */
  closesAt: string | null;
  /** The answer after a post or a cancellation (?registration=…). */
  answer: RegistrationAnswer | null;
};

const headingId = "registration-heading";

/**
 * The event page's registration band (#register): the form with the seats
 * left, the answer after a post (confirmed, waiting list, cancelled), or why
 * registration has closed. Nothing once the event is over, or when a partner
 * runs the registration.
 */
export function RegistrationSection({
  event,
  registration,
}: {
  event: EventView;
  registration: EventRegistration;
}) {
  const { state, answer } = registration;
  if (state.kind === "ended" || state.kind === "partner") return null;
  return (
    <SectionBand id={registrationAnchor} tone="muted" labelledBy={headingId}>
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-12 lg:gap-14">
        <div className="lg:col-span-7">
          <Card className="px-5 py-8 shadow-sm shadow-slate-900/[0.03] sm:p-10">
            {answer ? (
              <RegistrationAnswerView event={event} answer={answer} state={state} />
            ) : takesRegistrations(state) ? (
              <>
                <h2 id={headingId} className="text-2xl font-semibold md:text-3xl">
                  {state.kind === "waiting-list"
                    ? "Join the waiting list"
                    : "Register for this event"}
                </h2>
                <p className="mt-3 max-w-[60ch] leading-relaxed text-slate-600">
                  {state.kind === "waiting-list"
                    ? "Every place is taken. Leave your details and we will e-mail you the moment one comes free: places go to the waiting list in the order people joined it."
                    : "Free to attend. Register below and we will e-mail you a confirmation with the calendar file."}
                </p>
                <RegistrationForm
                  slug={event.slug}
                  questions={registration.questions}
                  formToken={registration.formToken}
                  waitingList={state.kind === "waiting-list"}
                />
              </>
            ) : (
              <ClosedView
                reason={state.kind === "closed" ? state.reason : "deadline"}
                closesAt={registration.closesAt}
              />
            )}
          </Card>
        </div>
        <div className="lg:col-span-5 lg:pt-4">
          <SeatStatus state={state} closesAt={registration.closesAt} />
          {(takesRegistrations(state) || answer) && (
            <NextSteps
              title="What happens next"
              steps={registrationSteps(event)}
              className="mt-12"
            />
          )}
        </div>
      </div>
    </SectionBand>
  );
}

/** The answer after registering or cancelling; its heading takes focus when reached from a form. */
function RegistrationAnswerView({
  event,
  answer,
  state,
}: {
  event: EventView;
  answer: RegistrationAnswer;
  state: RegistrationState;
}) {
  const copy = {
    confirmed: {
      tone: "success",
      title: "You are registered",
      body: `Your place is confirmed. We have e-mailed you the details with a calendar file; the e-mail also has a link to cancel, should your plans change.`,
    },
    waiting: {
      tone: "waiting",
      title: "You are on the waiting list",
      body: "Every place was taken when your registration arrived, so you are on the waiting list. We have e-mailed you to confirm it, and will e-mail you again the moment a place comes free.",
    },
    cancelled: {
      tone: "neutral",
      title: "Your registration is cancelled",
      body: "Thank you for letting us know. If anyone was waiting, the place has gone to the first person on the list.",
    },
  } as const;
  const { tone, title, body } = copy[answer];
  return (
    <div data-testid="registration-answer">
      <ConfirmationHeading id={headingId} tone={tone}>
        {title}
      </ConfirmationHeading>
      <p className="mt-4 max-w-[60ch] text-lg leading-relaxed text-slate-600">{body}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {answer === "confirmed" && (
          <Button asChild>
            <a href={eventCalendarPath(event.slug)} download>
              <Icon name="calendar-plus" />
              Add to calendar
            </a>
          </Button>
        )}
        {answer === "cancelled" && takesRegistrations(state) && (
          <Button asChild variant="secondary">
            <Link to={eventRegistrationPath(event.slug)}>Register again</Link>
          </Button>
        )}
        <Button asChild variant="secondary">
          <Link to={paths.events}>
            See all events
            <Icon name="arrow-right" />
          </Link>
        </Button>
      </div>
    </div>
  );
}

function ClosedView({
  reason,
  closesAt,
}: {
  reason: "deadline" | "started";
  closesAt: string | null;
}) {
  return (
    <div>
      <h2 id={headingId} className="text-2xl font-semibold md:text-3xl">
        Registration has closed
      </h2>
      <p className="mt-4 max-w-[60ch] text-lg leading-relaxed text-slate-600">
        {reason === "started" || !closesAt
          ? "This event has started, so it takes no more registrations."
          : `Registration closed on ${closesAt}, so that we can prepare the event for everyone coming.`}{" "}
        Tell us you are interested and we will invite you to the next one, or write to us at{" "}
        <SiteEmailLink />.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button asChild>
          <Link to={paths.contact}>Register interest</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.events}>See upcoming events</Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * The seats as the database has them for this request: a count with a bar,
 * the waiting list, or closed; and when registration closes.
 */
export function SeatStatus({
  state,
  closesAt,
}: {
  state: RegistrationState;
  closesAt: string | null;
}) {
  const label = registrationStateLabel(state);
  const detail =
    state.kind === "open"
      ? state.capacity === null
        ? "Free to attend, and places are not limited."
        : state.placesLeft === null
          ? `Free to attend, ${state.capacity} places in all.`
          : `Free to attend. ${state.capacity - state.placesLeft} of ${state.capacity} places are taken.`
      : state.kind === "waiting-list"
        ? `All ${state.capacity} places are taken. Join the waiting list and we will e-mail you if one comes free.`
        : "This event takes no more registrations.";
  const taken =
    state.kind === "open" && state.capacity !== null && state.placesLeft !== null
      ? (state.capacity - state.placesLeft) / state.capacity
      : state.kind === "waiting-list"
        ? 1
        : null;
  return (
    <div
      className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8"
      data-testid="seat-status"
    >
      <p className="text-sm font-semibold tracking-[0.14em] text-slate-600 uppercase">Places</p>
      <p className="mt-2 flex items-center gap-3 text-2xl font-semibold text-slate-950">
        <span
          aria-hidden="true"
          className={cn(
            "size-2.5 shrink-0 rounded-full",
            state.kind === "open"
              ? "bg-emerald-500"
              : state.kind === "waiting-list"
                ? "bg-amber-500"
                : "bg-slate-400",
          )}
        />
        {label}
      </p>
      {taken !== null && (
        <div aria-hidden="true" className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100">
          <div
            className={cn(
              "h-full rounded-full",
              taken >= 1 ? "bg-amber-500" : "bg-accent",
              seatBarWidth(taken),
            )}
          />
        </div>
      )}
      <p className="mt-4 leading-relaxed text-slate-600">{detail}</p>
      {closesAt && takesRegistrations(state) && (
        <p className="mt-3 flex gap-2 text-[15px] text-slate-700">
          <Icon name="clock" className="mt-[0.2em] size-4 shrink-0 text-slate-400" />
          <span>
            Registration closes <span className="font-medium">{closesAt}</span>.
          </span>
        </p>
      )}
    </div>
  );
}

/**
 * The bar's width in twelfths, as classes: the Content-Security-Policy allows
 * no inline style (docs/decisions/061). A taken seat always shows.
 */
function seatBarWidth(taken: number): string {
  const widths = [
    "w-0",
    "w-1/12",
    "w-2/12",
    "w-3/12",
    "w-4/12",
    "w-5/12",
    "w-6/12",
    "w-7/12",
    "w-8/12",
    "w-9/12",
    "w-10/12",
    "w-11/12",
    "w-full",
  ];
  const twelfths =
    taken <= 0 ? 0 : taken >= 1 ? 12 : Math.min(11, Math.max(1, Math.round(taken * 12)));
  return widths[twelfths] ?? "w-0";
}

/** What follows a registration, for this event's format. */
function registrationSteps(event: EventView): NextStep[] {
  return [
    {
      title: "A confirmation by e-mail",
      body: "With the details and a calendar file. On the waiting list, you hear from us as soon as a place is yours.",
    },
    event.format === "online"
      ? {
          title: "The joining link",
          body: "Sent by e-mail to everyone with a place, before the event starts.",
        }
      : {
          title: "On the day",
          body: `Come to ${event.venue ?? event.city ?? "the venue"}; your name will be on our list at the door.`,
        },
    {
      title: "Plans change?",
      body: "Cancel with the link in your e-mail, no account needed. Your place goes to the next person waiting.",
    },
  ];
}
