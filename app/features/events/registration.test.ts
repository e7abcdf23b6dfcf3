import { describe, expect, it } from "vitest";
import { formDataOf } from "../../../tests/support/contact-posts";
import {
  questionField,
  readRegistrationAnswer,
  registrationAnswerPath,
  registrationFieldLabel,
  registrationFields,
} from "~/features/events/registration-fields";
import {
  registrationCopy,
  registrationCopyFor,
  registrationCopySchema,
} from "~/features/events/registration-copy.server";
import { registrationMessages, validateRegistration } from "~/features/events/registration-schema";
import {
  registrationState,
  registrationStateLabel,
  type EventQuestion,
} from "~/features/events/registration-view";

const questions: EventQuestion[] = [
  { id: "dietary-needs", label: "Dietary needs", required: false },
  { id: "role", label: "Your role", required: true, options: ["Engineer", "Designer"] },
];

const valid = {
  name: "Ana Ribeiro",
  email: "Ana.Ribeiro@Northwind.example",
  company: "Northwind Logistics",
  jobTitle: "",
  "answer-role": "Engineer",
  consent: "yes",
};

const form = formDataOf;

const errorsFor = (overrides: Record<string, string | undefined>) => {
  const result = validateRegistration(form({ ...valid, ...overrides }), questions);
  return result.success ? {} : result.errors;
};

describe("the registration schema", () => {
  it("accepts a registration, normalised, with the answers keyed by question id", () => {
    const result = validateRegistration(
      form({ ...valid, name: " Ana  Ribeiro ", jobTitle: " Head of\nOperations " }),
      questions,
    );
    expect(result).toEqual({
      success: true,
      registration: {
        name: "Ana Ribeiro",
        email: "Ana.Ribeiro@Northwind.example",
        company: "Northwind Logistics",
        jobTitle: "Head of Operations",
        answers: { role: "Engineer" },
      },
    });
    const withDiet = validateRegistration(
      form({ ...valid, "answer-dietary-needs": "Vegetarian" }),
      questions,
    );
    expect(withDiet.success && withDiet.registration.answers).toEqual({
      "dietary-needs": "Vegetarian",
      role: "Engineer",
    });
  });

  it("reports one message per field, in the form's order, as the contact form does", () => {
    const result = validateRegistration(form({}), questions);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(result.errors)).toEqual([
      "name",
      "email",
      "company",
      "answer-role",
      "consent",
    ]);
    expect(result.errors.name).toBe(registrationMessages.name.missing);
    expect(result.errors["answer-role"]).toBe("Choose an answer to “Your role”.");
    expect(result.errors.consent).toBe(registrationMessages.consent.missing);
  });

  it("checks the optional fields only when they are filled in", () => {
    expect(errorsFor({ jobTitle: "12345" })).toEqual({
      jobTitle: registrationMessages.jobTitle.malformed,
    });
    expect(errorsFor({ jobTitle: "x".repeat(101) })).toEqual({
      jobTitle: registrationMessages.jobTitle.tooLong,
    });
    expect(errorsFor({ "answer-dietary-needs": "x".repeat(201) })).toEqual({
      "answer-dietary-needs": "Keep the answer to “Dietary needs” to 200 characters or fewer.",
    });
    expect(errorsFor({ "answer-role": "Astronaut" })).toEqual({
      "answer-role": "Choose one of the answers to “Your role”.",
    });
    expect(errorsFor({ email: "ana(at)northwind" })).toEqual({
      email: registrationMessages.email.malformed,
    });
  });

  it("names every field, the event's questions included", () => {
    expect(registrationFields(questions)).toEqual([
      "name",
      "email",
      "company",
      "jobTitle",
      "answer-dietary-needs",
      "answer-role",
      "consent",
    ]);
    expect(registrationFieldLabel(questionField(questions[1]!), questions)).toBe("Your role");
    expect(registrationFieldLabel("email", questions)).toBe("Work e-mail");
  });

  it("answers at the registration section of the event's page", () => {
    expect(registrationAnswerPath("x-y", "waiting")).toBe(
      "/events/x-y?registration=waiting#register",
    );
    const url = new URL("http://site.example/events/x-y?registration=confirmed");
    expect(readRegistrationAnswer(url)).toBe("confirmed");
    url.searchParams.set("registration", "vip");
    expect(readRegistrationAnswer(url)).toBeNull();
  });
});

describe("registrationState", () => {
  const event = {
    startsAt: "2027-03-18T09:30:00.000Z",
    endsAt: "2027-03-18T12:00:00.000Z",
    closesAt: "2027-03-16T17:00:00.000Z",
    capacity: 20,
  };
  const early = new Date("2027-01-10T09:00:00Z");

  it("counts the places left, then opens the waiting list", () => {
    const open = registrationState(event, { confirmed: 8, waiting: 0 }, early);
    expect(open).toEqual({ kind: "open", capacity: 20, placesLeft: 12 });
    expect(registrationStateLabel(open)).toBe("12 places left");
    expect(registrationStateLabel({ kind: "open", capacity: 20, placesLeft: 1 })).toBe(
      "1 place left",
    );
    // Before anyone registers, no count: "20 places left" would say nobody has.
    expect(registrationStateLabel({ kind: "open", capacity: 20, placesLeft: 20 })).toBe(
      "Registration open",
    );
    const full = registrationState(event, { confirmed: 20, waiting: 3 }, early);
    expect(full).toEqual({ kind: "waiting-list", capacity: 20 });
    expect(registrationStateLabel(full)).toBe("Waiting list open");
  });

  it("has no count for an event without capacity, or when the database gave none", () => {
    expect(
      registrationState({ ...event, capacity: null }, { confirmed: 500, waiting: 0 }, early),
    ).toEqual({ kind: "open", capacity: null, placesLeft: null });
    expect(registrationState(event, null, early)).toEqual({
      kind: "open",
      capacity: 20,
      placesLeft: null,
    });
  });

  it("closes at the closing time and at the start, and ends with the event", () => {
    const counts = { confirmed: 0, waiting: 0 };
    const at = (iso: string) => registrationState(event, counts, new Date(iso));
    expect(at("2027-03-16T16:59:59.999Z").kind).toBe("open");
    expect(at("2027-03-16T17:00:00.000Z")).toEqual({ kind: "closed", reason: "deadline" });
    expect(at("2027-03-18T09:30:00.000Z")).toEqual({ kind: "closed", reason: "started" });
    expect(at("2027-03-18T12:00:00.000Z")).toEqual({ kind: "ended" });
    expect(
      registrationState({ ...event, registrationUrl: "https://partner.example.org" }, null, early),
    ).toEqual({ kind: "partner", url: "https://partner.example.org" });
  });
});

describe("the registration section's words", () => {
  const inPerson = { format: "in-person", venue: "Corvanta Digital, 4th floor" } as const;
  const open = { kind: "open", capacity: 20, placesLeft: 12 } as const;

  it("come from content/pages/events.yaml, with the seats and the venue filled in", () => {
    const text = registrationCopyFor({
      state: open,
      answer: null,
      event: inPerson,
      closesAt: null,
    });
    expect(text.title).toBe(registrationCopy().open.title);
    expect(text.seats).toEqual({
      label: "12 places left",
      detail: "Free to attend, 20 places in all.",
    });
    expect(text.nextSteps?.steps.map((step) => step.title)).toEqual([
      registrationCopy().nextSteps.confirmation.title,
      registrationCopy().nextSteps.inPerson.title,
      registrationCopy().nextSteps.cancel.title,
    ]);
    expect(text.nextSteps?.steps[1]?.body).toContain("Come to Corvanta Digital, 4th floor;");
    const online = registrationCopyFor({
      state: open,
      answer: null,
      event: { format: "online" },
      closesAt: null,
    });
    expect(online.nextSteps?.steps[1]).toEqual(registrationCopy().nextSteps.online);
  });

  it("say why registration closed, and answer a post or a cancellation", () => {
    const closed = registrationCopyFor({
      state: { kind: "closed", reason: "deadline" },
      answer: null,
      event: inPerson,
      closesAt: "Tue 16 March 2027, 17:00 GMT",
    });
    expect(closed.lead).toMatch(/^Registration closed on Tue 16 March 2027, 17:00 GMT,/);
    expect(closed.nextSteps).toBeNull();
    expect(closed.seats.label).toBe("Registration closed");
    const started = registrationCopyFor({
      state: { kind: "closed", reason: "started" },
      answer: null,
      event: inPerson,
      closesAt: null,
    });
    expect(started.lead).toBe(registrationCopy().closed.started);
    const waiting = registrationCopyFor({
      state: { kind: "waiting-list", capacity: 20 },
      answer: "waiting",
      event: inPerson,
      closesAt: null,
    });
    expect(waiting.title).toBe(registrationCopy().answers.waiting.title);
    expect(waiting.seats.detail).toMatch(/^All 20 places are taken\./);
  });

  it("must keep their placeholders", () => {
    const broken = structuredClone(registrationCopy());
    broken.seats.limited = "Free to attend.";
    expect(registrationCopySchema.safeParse(broken).error?.issues[0]).toMatchObject({
      path: ["seats", "limited"],
      message: "must contain {capacity}",
    });
  });
});
