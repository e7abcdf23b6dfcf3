import type { Locator, Page } from "@playwright/test";
import { findEvent, toEventFacts } from "~/features/events/events.server";
import { registrationMessages } from "~/features/events/registration-schema";
import { storeRegistration } from "../../server/registrations/registration-store";
import { readCalendarEvent } from "../icalendar";
import type { ReceivedMail } from "../support/smtp-sink";
import { startContactServer, teamAddress, type ContactServer } from "./contact-support";
import {
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  recordPolicyViolations,
  test,
} from "./fixtures";

/*
 * Registering for an event in Chromium, with and without JavaScript, at both
 * widths. Each test runs its own production app in this process (its own
 * database, a clock set to 10 January 2027, an SMTP server receiving the
 * e-mails), so seat counts never mix between tests.
 */

const slug = "reconciliation-round-table-london";
const roundTable = toEventFacts(findEvent(slug)!);
const eventUrl = (server: ContactServer) => `${server.url}/events/${slug}`;
/** The registration posts: the event's page and its data URL, not the cancellation. */
const isRegistrationPost = (url: URL) => /^\/events\/[^/]+?(\.data)?$/.test(url.pathname);

let server: ContactServer;
test.beforeEach(async () => {
  server = await startContactServer({
    clockStart: new Date("2027-01-10T09:00:00.000Z"),
    smtp: true,
  });
});
test.afterEach(async () => server.close());

function registrationForm(page: Page): Locator {
  return page.locator("#register form");
}

async function fillRegistration(page: Page, email: string) {
  const form = registrationForm(page);
  await form.getByLabel("Your name").fill("Ana Ribeiro");
  await form.getByLabel("Work e-mail").fill(email);
  await form.getByLabel("Company").fill("Northwind Logistics");
  await form.getByLabel(/^Job title/).fill("Head of Payment Operations");
  await form.getByLabel(/^Dietary needs or allergies/).fill("Vegetarian");
  await form.getByRole("checkbox").check();
}

function seats(page: Page) {
  return page.getByTestId("seat-status");
}

/** The e-mails for one address, once `count` have arrived for it. */
async function mailFor(address: string, count = 1): Promise<ReceivedMail[]> {
  const sink = server.sink!;
  await expect
    .poll(() => sink.messages.filter((m) => m.recipients.includes(address)).length)
    .toBeGreaterThanOrEqual(count);
  return sink.messages.filter((message) => message.recipients.includes(address));
}

function cancelLink(mail: ReceivedMail): string {
  const link = /^(http\S+\/cancel\?token=\S+)$/m.exec(mail.text)?.[1];
  expect(link, "a cancellation link in the e-mail").toBeDefined();
  return link!;
}

/**
 * Fills every place with registrations stored straight into the database;
 * their e-mails count as sent, so the outbox holds only what the test does.
 */
async function fillEvent(extra = 0) {
  for (let n = 0; n < (roundTable.capacity ?? 0) + extra; n++) {
    const person = {
      name: `Guest ${n}`,
      email: `guest-${n}@full.example`,
      company: "Full House",
      jobTitle: null,
      answers: {},
    };
    await storeRegistration(server.db, roundTable, person, server.clock());
  }
  await server.db.updateTable("outbox").set({ sent_at: server.clock().toISOString() }).execute();
}

test.describe("with JavaScript", () => {
  test("register, see the confirmation, get the e-mail with its calendar file, cancel through its link, and see the seats move", async ({
    page,
  }) => {
    test.slow();
    const violations = await recordPolicyViolations(page);
    await gotoHydrated(page, eventUrl(server));
    // Nobody registered yet: the page says it is open, not "20 places left".
    await expect(page.getByRole("main").getByText("Registration open").first()).toBeVisible();
    await expect(seats(page)).toContainText("Registration open");
    await expect(page.getByRole("main")).not.toContainText("20 places left");

    const pace = await server.humanPace(page, isRegistrationPost);
    await fillRegistration(page, "ana.ribeiro@northwind.example");
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await registrationForm(page).getByRole("button", { name: "Register" }).click();

    const answer = page.getByRole("heading", { level: 2, name: "You are registered" });
    await expect(answer).toBeFocused();
    expect(new URL(page.url()).searchParams.get("registration")).toBe("confirmed");
    expect(new URL(page.url()).hash).toBe("#register");
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await expect(seats(page)).toContainText("19 places left");
    expect(pace.posted).toHaveLength(1);

    // The confirmation e-mail, with the event's calendar file.
    const [confirmation] = await mailFor("ana.ribeiro@northwind.example");
    expect(confirmation!.header("subject")).toBe(`Your place is confirmed: ${roundTable.title}`);
    expect(confirmation!.text).toContain("Thu 18 March 2027, 09:30–12:00 GMT");
    const calendar = readCalendarEvent(confirmation!.attachments[0]!.content);
    expect(calendar.summary).toBe(roundTable.title);
    expect(calendar.timeZone).toBe("Europe/London");
    expect(calendar.start.toISOString()).toBe(roundTable.startsAt);
    expect(calendar.end.toISOString()).toBe(roundTable.endsAt);
    const [team] = await mailFor(teamAddress);
    expect(team!.header("reply-to")).toBe("ana.ribeiro@northwind.example");

    // The link in the e-mail: the page asks first, the button cancels.
    await gotoHydrated(page, cancelLink(confirmation!));
    await expect(page.getByRole("heading", { level: 2, name: "Cancel your place?" })).toBeVisible();
    expect(
      await server.db.selectFrom("registrations").select("status").executeTakeFirstOrThrow(),
    ).toEqual({ status: "confirmed" });
    await page.getByRole("button", { name: "Cancel my place" }).click();
    await expect(
      page.getByRole("heading", { level: 2, name: "Your registration is cancelled" }),
    ).toBeFocused();
    expect(new URL(page.url()).pathname).toBe(`/events/${slug}`);
    await expect(seats(page)).toContainText("Registration open");
    expect(await violations()).toEqual([]);

    // The link works once.
    await gotoHydrated(page, cancelLink(confirmation!));
    await expect(
      page.getByRole("heading", { name: "This registration is already cancelled" }),
    ).toBeVisible();
  });

  test("errors found in the browser sit beside their fields and take focus; nothing is posted", async ({
    page,
  }) => {
    test.slow(); // axe on a busy machine
    await gotoHydrated(page, eventUrl(server));
    const { posted } = await server.humanPace(page, isRegistrationPost);
    const form = registrationForm(page);
    await form.getByLabel("Work e-mail").fill("ana@");
    await form.getByRole("button", { name: "Register" }).click();

    await expect(form.getByLabel("Your name")).toBeFocused();
    await expect(form.getByLabel("Work e-mail")).toHaveAccessibleDescription(
      registrationMessages.email.malformed,
    );
    await expect(form.getByRole("checkbox")).toHaveAccessibleDescription(
      registrationMessages.consent.missing,
    );
    await expect(form.getByLabel(/^Dietary needs/)).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.locator("[aria-live]")).toContainText("4 fields need your attention");
    expect(posted).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test("with every place taken, the page opens the waiting list and says which one the visitor joined", async ({
    page,
  }) => {
    test.slow(); // axe on a busy machine
    await fillEvent();
    await gotoHydrated(page, eventUrl(server));
    await expect(seats(page)).toContainText("Waiting list open");
    await expect(page.getByRole("heading", { name: "Join the waiting list" })).toBeVisible();
    await expectNoAxeViolations(page);

    await server.humanPace(page, isRegistrationPost);
    await fillRegistration(page, "late@northwind.example");
    await registrationForm(page).getByRole("button", { name: "Join the waiting list" }).click();
    await expect(
      page.getByRole("heading", { level: 2, name: "You are on the waiting list" }),
    ).toBeFocused();
    const [waiting] = await mailFor("late@northwind.example");
    expect(waiting!.header("subject")).toBe(`You are on the waiting list: ${roundTable.title}`);
    expect(waiting!.attachments).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test("once the closing time has passed the page shows no form, and once the event is over no registration at all", async ({
    page,
  }) => {
    test.slow(); // axe on a busy machine
    server.clock.advance(Date.parse(roundTable.closesAt) - server.clock().getTime());
    await gotoHydrated(page, eventUrl(server));
    await expect(page.getByRole("heading", { name: "Registration has closed" })).toBeVisible();
    await expect(
      page.getByText("Registration closed on Tue 16 March 2027, 17:00 GMT"),
    ).toBeVisible();
    await expect(registrationForm(page)).toHaveCount(0);
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /^Register interest/ })
        .first(),
    ).toHaveAttribute("href", "/contact");
    await expectNoAxeViolations(page);

    server.clock.advance(Date.parse(roundTable.endsAt) - server.clock().getTime());
    await gotoHydrated(page, eventUrl(server));
    await expect(page.getByText("This event has taken place.")).toBeVisible();
    await expect(page.locator("#register")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: /^Register/ })).toHaveCount(0);
  });

  test("a cancellation link that is not genuine says so, and the cancellation page passes axe", async ({
    page,
  }) => {
    test.slow(); // axe on a busy machine
    await gotoHydrated(page, `${eventUrl(server)}/cancel?token=c1.not-a-token`);
    await expect(
      page.getByRole("heading", { name: "This cancellation link does not work" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const robots = page.locator('meta[name="robots"]');
    await expect(robots).toHaveAttribute("content", "noindex");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, redirects (303) to the confirmation, and the cancellation link works too", async ({
    page,
  }) => {
    await page.goto(eventUrl(server));
    await server.humanPace(page, isRegistrationPost);
    await fillRegistration(page, "nojs@northwind.example");
    // Without JavaScript the first post brings the form back with a token, asking once more.
    const register = () =>
      Promise.all([
        page.waitForResponse((res) => res.request().method() === "POST"),
        registrationForm(page).getByRole("button", { name: "Register" }).click(),
      ]).then(([response]) => response);
    expect((await register()).status()).toBe(400);
    await expect(registrationForm(page).locator("[data-form-message]")).toContainText(
      "One more step",
    );
    const response = await register();
    expect(response.status()).toBe(303);
    await page.waitForURL((url) => url.searchParams.get("registration") === "confirmed");
    await expect(page.getByRole("heading", { level: 2, name: "You are registered" })).toBeVisible();
    await expect(seats(page)).toContainText("19 places left");

    const [confirmation] = await mailFor("nojs@northwind.example");
    await page.goto(cancelLink(confirmation!));
    const [cancelled] = await Promise.all([
      page.waitForResponse((res) => res.request().method() === "POST"),
      page.getByRole("button", { name: "Cancel my place" }).click(),
    ]);
    expect(cancelled.status()).toBe(303);
    await expect(
      page.getByRole("heading", { level: 2, name: "Your registration is cancelled" }),
    ).toBeVisible();
    await expect(seats(page)).toContainText("Registration open");
  });

  test("errors come back beside their fields, keeping what was typed, with the form in view", async ({
    page,
  }) => {
    await page.goto(eventUrl(server));
    await server.humanPace(page, isRegistrationPost);
    const form = registrationForm(page);
    await form.getByLabel("Your name").fill(`"><img src=x onerror=alert(1)>`);
    await form.getByLabel("Work e-mail").fill("not an address");
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.request().method() === "POST"),
      form.getByRole("button", { name: "Register" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();
    await expect(form.getByLabel("Your name")).toHaveValue(`"><img src=x onerror=alert(1)>`);
    await expect(form.getByLabel("Work e-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("main img[src='x']")).toHaveCount(0);
    expect(new URL(page.url()).hash).toBe("#register");
    expect(await server.db.selectFrom("registrations").select("id").execute()).toEqual([]);
  });
});
