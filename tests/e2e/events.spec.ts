import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { parse as parseYaml } from "yaml";
import { wallClockToInstant } from "~/lib/zoned-time";
import { createApp } from "../../server/http/app";
import { readCalendarEvent } from "../icalendar";
import {
  expect,
  expectNoAxeViolations,
  expectSectionBelowHeader,
  gotoHydrated,
  test,
} from "./fixtures";

/**
 * The events page, event pages and calendar files. Expectations come from the
 * content files themselves; which events are past is controlled by serving the
 * production build in this process with a fixed clock (createApp's `now`), so
 * no test waits for time to pass.
 */

type ContentEvent = {
  slug: string;
  title: string;
  start: string;
  end: string;
  timeZone: string;
  registrationUrl?: string;
  startsAt: Date;
  endsAt: Date;
};

/** The event files as written, with their instants; soonest first. */
const contentEvents: ContentEvent[] = readdirSync("content/events")
  .filter((file) => file.endsWith(".yaml"))
  .map((file) => {
    const data = parseYaml(readFileSync(path.join("content/events", file), "utf8")) as ContentEvent;
    return {
      ...data,
      startsAt: wallClockToInstant(data.start, data.timeZone),
      endsAt: wallClockToInstant(data.end, data.timeZone),
    };
  })
  .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());

const slugs = (list: readonly ContentEvent[]) => list.map((event) => event.slug);

/** Serves the production build from this process with the clock stopped at `instant`. */
async function serveAt(instant: Date) {
  const build = (await import(
    pathToFileURL(path.resolve("build/server/index.js")).href
  )) as ServerBuild;
  const app = createApp({
    build,
    clientDir: path.resolve("build/client"),
    now: () => new Date(instant),
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The clock sits one minute after the start of the third-last event: it and
// everything before it are past, the last two upcoming. That instant lies in
// the future of the real clock while the content is current, so a page that
// ignored the injected clock would list these events the other way round.
const boundary = contentEvents.length - 3;
const justStarted = contentEvents[boundary]!;
const nextUp = contentEvents[boundary + 1]!;
const clock = new Date(justStarted.startsAt.getTime() + 60_000);
const expectedPast = contentEvents.slice(0, boundary + 1).reverse();
const expectedUpcoming = contentEvents.slice(boundary + 1);

test.describe("with the clock between two events' starts", () => {
  let site: Awaited<ReturnType<typeof serveAt>>;
  test.beforeAll(async () => {
    expect(clock.getTime()).toBeLessThan(nextUp.startsAt.getTime());
    site = await serveAt(clock);
  });
  test.afterAll(async () => site.close());

  test("the event that has started is under past events and the next under upcoming, each group in order", async ({
    page,
  }) => {
    await gotoHydrated(page, `${site.url}/events`);
    const upcoming = page.getByRole("region", { name: "Upcoming events" });
    const past = page.getByRole("region", { name: "Past events" });
    await expect(past.locator(`article[id="${justStarted.slug}"]`)).toBeVisible();
    await expect(upcoming.locator(`article[id="${nextUp.slug}"]`)).toBeVisible();

    // Upcoming soonest first, past newest first, and upcoming before past on the page.
    expect(await upcoming.locator("article").evaluateAll((els) => els.map((el) => el.id))).toEqual(
      slugs(expectedUpcoming),
    );
    expect(await past.locator("article").evaluateAll((els) => els.map((el) => el.id))).toEqual(
      slugs(expectedPast),
    );
    const [upcomingTop, pastTop] = await Promise.all(
      [upcoming, past].map((region) => region.evaluate((el) => el.getBoundingClientRect().top)),
    );
    expect(upcomingTop).toBeLessThan(pastTop!);
  });

  test("every upcoming card's Register link stays on the site, at the event's form, unless its content names a partner's registration page; past cards take none", async ({
    page,
  }) => {
    await gotoHydrated(page, `${site.url}/events`);
    const ownForms: string[] = [];
    for (const event of expectedUpcoming) {
      const card = page.locator(`article[id="${event.slug}"]`);
      await expect(card.getByRole("heading", { name: event.title })).toBeVisible();
      await expect(card.locator("time")).toHaveAttribute("datetime", event.startsAt.toISOString());
      const register = card.getByRole("link", { name: /^Register/ });
      await expect(register).toHaveCount(1);
      if (event.registrationUrl) {
        await expect(register).toHaveAttribute("href", event.registrationUrl);
      } else {
        await expect(register).toHaveAccessibleName(`Register: ${event.title}`);
        await expect(register).toHaveAttribute("href", `/events/${event.slug}#register`);
        ownForms.push(`/events/${event.slug}`);
      }
      await expect(card.getByRole("link", { name: /^Add to calendar/ })).toHaveAttribute(
        "href",
        `/events/${event.slug}.ics`,
      );
    }
    for (const event of expectedPast) {
      const card = page.locator(`article[id="${event.slug}"]`);
      await expect(card.getByRole("heading", { name: event.title })).toBeVisible();
      await expect(card.getByRole("link", { name: /^Register/ })).toHaveCount(0);
      await expect(card.getByRole("link", { name: /^Add to calendar/ })).toHaveCount(0);
    }
    // Each lands on the event's registration form, which posts to the event's page.
    for (const pathname of ownForms) {
      await gotoHydrated(page, `${site.url}${pathname}#register`);
      const form = page.locator("#register form");
      await expect(form).toHaveAttribute("action", `${pathname}#register`);
      await expect(form.getByRole("button", { name: "Register" })).toBeVisible();
    }
  });

  test("an event page closes registration once the event has started", async ({ page }) => {
    await gotoHydrated(page, `${site.url}/events/${justStarted.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(justStarted.title);
    await expect(page.getByRole("heading", { name: "Registration has closed" })).toBeVisible();
    await expect(page.locator("#register form")).toHaveCount(0);
    await expect(page.locator('main a[href$="#register"]')).toHaveCount(0);

    await gotoHydrated(page, `${site.url}/events/${nextUp.slug}`);
    await expect(page.getByRole("main").getByRole("link", { name: /^Register/ })).toHaveCount(1);
    await expect(page.locator("#register form")).toHaveCount(1);
  });

  // /events and an upcoming event's page are scanned at rest in
  // every-page.spec.ts; a past event's page is a state only this clock shows.
  test("axe finds no violations on a past event's page", async ({ page }) => {
    await gotoHydrated(page, `${site.url}/events/${justStarted.slug}`);
    await expectNoAxeViolations(page);
  });

  test("the calendar file is stamped with the server's clock", async ({ request }) => {
    const text = await (await request.get(`${site.url}/events/${nextUp.slug}.ics`)).text();
    expect(readCalendarEvent(text).stamp.getTime()).toBe(Math.floor(clock.getTime() / 1000) * 1000);
  });
});

test("each event card has its anchor and an event link; the anchor lands below the header @both-widths", async ({
  page,
  headerOffset,
}) => {
  await gotoHydrated(page, "/events");
  for (const event of contentEvents) {
    const card = page.locator(`article[id="${event.slug}"]`);
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: event.title, exact: true })).toHaveAttribute(
      "href",
      `/events/${event.slug}`,
    );
  }
  const firstCard = await page.locator("main article").first().getAttribute("id");
  await gotoHydrated(page, `/events#${firstCard}`);
  await expectSectionBelowHeader(page, firstCard!, headerOffset);
});

test.describe("server responses", () => {
  test("every event's .ics link answers 200 with a calendar that parses to the content's times", async ({
    page,
    request,
  }) => {
    await page.goto("/events");
    const links = await page
      .locator('main a[href$=".ics"]')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    // Offered for the events still to come; every event's file still answers.
    const upcoming = contentEvents.filter((event) => event.startsAt.getTime() > Date.now());
    expect(new Set(links)).toEqual(new Set(upcoming.map((e) => `/events/${e.slug}.ics`)));

    for (const event of contentEvents) {
      const response = await request.get(`/events/${event.slug}.ics`);
      expect(response.status(), event.slug).toBe(200);
      expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(response.headers()["content-disposition"]).toBe(
        `attachment; filename="${event.slug}.ics"`,
      );
      const text = await response.text();
      expect(text.replace(/\r\n/g, ""), "CRLF line endings only").not.toMatch(/[\r\n]/);

      const parsed = readCalendarEvent(text);
      expect(parsed.summary).toBe(event.title);
      expect(parsed.timeZone).toBe(event.timeZone);
      expect(parsed.endTimeZone).toBe(event.timeZone);
      expect(parsed.start.toISOString(), event.slug).toBe(event.startsAt.toISOString());
      expect(parsed.end.toISOString(), event.slug).toBe(event.endsAt.toISOString());
      expect(parsed.uid).toContain(event.slug);
    }
  });

  test("every event has its page; unknown slugs are 404", async ({ request }) => {
    for (const event of contentEvents) {
      const response = await request.get(`/events/${event.slug}`, { maxRedirects: 0 });
      expect(response.status(), event.slug).toBe(200);
      expect(await response.text()).toContain(`<title>`);
    }

    const calendar = await request.get("/events/no-such-event.ics");
    expect(calendar.status()).toBe(404);
    expect(calendar.headers()["content-type"]).toBe("text/plain; charset=utf-8");

    for (const url of ["/events/no-such-event", "/events/no-such-event/extra"]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(404);
      expect(await response.text(), url).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  test("events are rendered by the server, never served as prerendered files", async ({
    request,
  }) => {
    // Kept until the next change in time (decision 063), where a prerendered
    // file says "must-revalidate" with no shared lifetime.
    for (const url of ["/events", `/events/${contentEvents[0]!.slug}`]) {
      expect((await request.get(url)).headers()["cache-control"], url).toMatch(
        /^(public, max-age=0, s-maxage=\d+|no-cache)$/,
      );
    }
  });
});
