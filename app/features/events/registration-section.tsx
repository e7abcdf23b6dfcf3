import { Link } from "react-router";
import { ConfirmationHeading } from "~/components/forms/confirmation-heading";
import { NextSteps } from "~/components/forms/next-steps";
import { SectionBand } from "~/components/sections/section";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { eventCalendarPath, eventRegistrationPath, paths } from "~/config/paths";
import type { EventView } from "~/features/events/event-view";
import { RegistrationForm } from "~/features/events/registration-form";
import { registrationAnchor, type RegistrationAnswer } from "~/features/events/registration-fields";
import type {
  EventQuestion,
  RegistrationState,
  RegistrationText,
} from "~/features/events/registration-view";
import { cn } from "~/lib/cn";

export type EventRegistration = {
  state: RegistrationState;
  questions: readonly EventQuestion[];
  /** "Tue 16 March 2027, 17:00 GMT" when a closing time comes before the start. */
  closesAt: string | null;
  /** The answer after a post or a cancellation (?registration=…). */
  answer: RegistrationAnswer | null;
  /** The words for this state, from content/pages/events.yaml. */
  text: RegistrationText;
};

const headingId = "registration-heading";
const answerTones = { confirmed: "success", waiting: "waiting", cancelled: "neutral" } as const;

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
  const { state, answer, text } = registration;
  if (state.kind === "ended" || state.kind === "partner") return null;
  const takesPeople = state.kind === "open" || state.kind === "waiting-list";
  const form = takesPeople && !answer;
  return (
    <SectionBand id={registrationAnchor} tone="muted" labelledBy={headingId}>
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-12 lg:gap-14">
        <div className="lg:col-span-7">
          <Card className="px-5 py-8 shadow-sm shadow-night/[0.03] sm:p-10">
            <div data-testid={answer ? "registration-answer" : undefined}>
              {answer ? (
                // Reached from the form, the answer's heading takes focus.
                <ConfirmationHeading id={headingId} tone={answerTones[answer]}>
                  {text.title}
                </ConfirmationHeading>
              ) : (
                <h2 id={headingId} className="text-title font-semibold">
                  {text.title}
                </h2>
              )}
              <p
                className={cn(
                  "max-w-[60ch] leading-relaxed text-muted",
                  form ? "mt-3" : "mt-4 text-lg",
                )}
              >
                {text.lead}
              </p>
            </div>
            {form ? (
              <RegistrationForm
                slug={event.slug}
                questions={registration.questions}
                waitingList={state.kind === "waiting-list"}
                copy={text.form}
              />
            ) : (
              <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                {answer === "confirmed" && (
                  <Button asChild>
                    <a href={eventCalendarPath(event.slug)} download>
                      <Icon name="calendar-plus" />
                      Add to calendar
                    </a>
                  </Button>
                )}
                {!takesPeople && (
                  <Button asChild>
                    <Link to={paths.contact}>Register interest</Link>
                  </Button>
                )}
                {answer === "cancelled" && takesPeople && (
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
            )}
          </Card>
        </div>
        <div className="lg:col-span-5 lg:pt-4">
          <SeatStatus
            state={state}
            text={text}
            closesAt={takesPeople ? registration.closesAt : null}
          />
          {text.nextSteps && <NextSteps {...text.nextSteps} className="mt-12" />}
        </div>
      </div>
    </SectionBand>
  );
}

/** Green while places are left, amber for the waiting list, grey once closed. */
export function SeatDot({ state, className }: { state: RegistrationState; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "shrink-0 rounded-full",
        state.kind === "open"
          ? "bg-ok"
          : state.kind === "waiting-list"
            ? "bg-caution"
            : "bg-line-strong",
        className,
      )}
    />
  );
}

/** The seats as the database has them for this request, and when registration closes. */
function SeatStatus({
  state,
  text,
  closesAt,
}: {
  state: RegistrationState;
  text: RegistrationText;
  closesAt: string | null;
}) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-6 sm:p-8" data-testid="seat-status">
      <p className="text-sm font-semibold tracking-[0.14em] text-muted uppercase">Places</p>
      <p className="mt-2 flex items-center gap-3 text-2xl font-semibold text-ink">
        <SeatDot state={state} className="size-2.5" />
        {text.seats.label}
      </p>
      <p className="mt-3 leading-relaxed text-muted">{text.seats.detail}</p>
      {closesAt && (
        <p className="mt-3 flex gap-2 text-[15px] text-body">
          <Icon name="clock" className="mt-[0.2em] size-4 shrink-0 text-faint" />
          <span>
            Registration closes <span className="font-medium">{closesAt}</span>.
          </span>
        </p>
      )}
    </div>
  );
}
