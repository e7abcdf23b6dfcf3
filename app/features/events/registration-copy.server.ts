import { z } from "zod";
import type { EventView } from "~/features/events/event-view";
import type { RegistrationAnswer } from "~/features/events/registration-fields";
import {
  registrationStateLabel,
  type RegistrationState,
  type RegistrationText,
} from "~/features/events/registration-view";
import { contentFile } from "~/lib/content/content-files.server";
import { fillPlaceholders, lineField, placeholderField } from "~/lib/content/fields";
import { metaCopy } from "~/lib/content/page-copy";

/**
 * The words of the events' registration sections, from the `registration`
 * block of content/pages/events.yaml (decision 041: page copy is content). The
 * event page's loader picks the words for the state it serves
 * (`registrationCopyFor`), so the browser receives only those, as data.
 */

const withPlaceholders = placeholderField;

const panel = z.object({ title: lineField(80), lead: lineField(320) }).strict();
const step = z.object({ title: lineField(60), body: lineField(200) }).strict();

export const registrationCopySchema = z
  .object({
    open: panel,
    waitingList: panel,
    closed: z
      .object({
        title: lineField(80),
        deadline: withPlaceholders(320, "closesAt"),
        started: lineField(320),
      })
      .strict(),
    answers: z.object({ confirmed: panel, waiting: panel, cancelled: panel }).strict(),
    form: z.object({ consent: lineField(200), note: lineField(200) }).strict(),
    seats: z
      .object({
        unlimited: lineField(160),
        limited: withPlaceholders(160, "capacity"),
        full: withPlaceholders(200, "capacity"),
        closed: lineField(160),
      })
      .strict(),
    nextSteps: z
      .object({
        title: lineField(60),
        confirmation: step,
        online: step,
        inPerson: step.extend({ body: withPlaceholders(200, "venue") }),
        cancel: step,
      })
      .strict(),
  })
  .strict();

export const eventsPageSchema = z.object({ meta: metaCopy, registration: registrationCopySchema });

export type RegistrationCopy = z.output<typeof registrationCopySchema>;

const eventsPage = contentFile("content/pages/events.yaml", eventsPageSchema);

export const registrationCopy = (): RegistrationCopy => eventsPage().registration;

const fill = fillPlaceholders;

export function registrationCopyFor(
  {
    state,
    answer,
    event,
    closesAt,
  }: {
    state: RegistrationState;
    answer: RegistrationAnswer | null;
    event: Pick<EventView, "format" | "venue" | "city">;
    /** The closing time written out, when it comes before the start. */
    closesAt: string | null;
  },
  copy: RegistrationCopy = registrationCopy(),
): RegistrationText {
  const { title, lead } = answer
    ? copy.answers[answer]
    : state.kind === "waiting-list"
      ? copy.waitingList
      : state.kind === "open"
        ? copy.open
        : {
            title: copy.closed.title,
            lead:
              state.kind === "closed" && state.reason === "deadline" && closesAt
                ? fill(copy.closed.deadline, { closesAt })
                : copy.closed.started,
          };
  const detail =
    state.kind === "open"
      ? state.capacity === null
        ? copy.seats.unlimited
        : fill(copy.seats.limited, { capacity: state.capacity })
      : state.kind === "waiting-list"
        ? fill(copy.seats.full, { capacity: state.capacity })
        : copy.seats.closed;
  const takesPeople = state.kind === "open" || state.kind === "waiting-list";
  const { nextSteps } = copy;
  return {
    title,
    lead,
    seats: { label: registrationStateLabel(state), detail },
    form: copy.form,
    nextSteps:
      takesPeople || answer
        ? {
            title: nextSteps.title,
            steps: [
              nextSteps.confirmation,
              event.format === "online"
                ? nextSteps.online
                : {
                    ...nextSteps.inPerson,
                    body: fill(nextSteps.inPerson.body, {
                      venue: event.venue ?? event.city ?? "the venue",
                    }),
                  },
              nextSteps.cancel,
            ],
          }
        : null,
  };
}
