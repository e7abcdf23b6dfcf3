import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { findEvent, toEventFacts } from "~/features/events/events.server";
import { cancelTokenField } from "~/features/events/registration-fields";
import { formTokenField, honeypotField } from "~/lib/forms/fields";
import { signCancelToken } from "../../server/registrations/cancel-token";
import { formFields } from "../support/contact-posts";
import { registrationFormFields } from "../support/registration-posts";
import { readCalendarEvent } from "../icalendar";
import { testDatabaseKinds } from "../support/test-databases";
import {
  postForm,
  rawRequest,
  startContactServer,
  type ContactServer,
} from "../e2e/contact-support";

// An event's registration and cancellation over HTTP, against the production
// app with its own database (SQLite, and PostgreSQL when TEST_DATABASE_URL is
// set) and a clock set to 10 January 2027. Every refusal leaves no row behind.

const slug = "reconciliation-round-table-london";
const roundTable = toEventFacts(findEvent(slug)!);

for (const kind of testDatabaseKinds) {
  describe(`event registration over HTTP on ${kind}`, () => {
    let server: ContactServer;
    beforeEach(async () => {
      server = await startContactServer({ kind, clockStart: new Date("2027-01-10T09:00:00Z") });
    });
    afterEach(() => server.close());

    const register = (fields: Record<string, string>, path = `/events/${slug}`) =>
      postForm(`${server.url}${path}`, fields);
    const registrations = () =>
      server.db.selectFrom("registrations").select(["id", "status"]).orderBy("seq").execute();
    const outboxRows = async () =>
      (await server.db.selectFrom("outbox").select("id").execute()).length;

    test("the calendar download carries the revision the last change notice sent", async () => {
      const download = async () => {
        const answer = await fetch(`${server.url}/events/${slug}.ics`);
        expect(answer.status).toBe(200);
        return readCalendarEvent(await answer.text());
      };
      expect(await download()).toMatchObject({ sequence: 0, status: "CONFIRMED" });
      // Registering stores the event's row; `leads notify-change` raises its SEQUENCE.
      await register(registrationFormFields(server.registrationToken()));
      await server.db
        .updateTable("registration_events")
        .set({ calendar_sequence: 2 })
        .where("slug", "=", slug)
        .execute();
      expect(await download()).toMatchObject({ sequence: 2 });
    });

    test("50 registrations posted at once for 20 places: exactly 20 confirmed, 30 on the waiting list", async () => {
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          register(
            registrationFormFields(server.registrationToken(), {
              email: `p${index}@parallel.example`,
            }),
          ),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(50).fill(303));
      const answers = responses.map((response) => response.headers.location);
      expect(
        answers.filter((to) => to === `/events/${slug}?registration=confirmed#register`),
      ).toHaveLength(20);
      expect(
        answers.filter((to) => to === `/events/${slug}?registration=waiting#register`),
      ).toHaveLength(30);

      const stored = await registrations();
      expect(stored.filter((row) => row.status === "confirmed")).toHaveLength(20);
      expect(stored.filter((row) => row.status === "waiting")).toHaveLength(30);
      // Each person's e-mail and the team's notice, queued with the registration.
      expect(await outboxRows()).toBe(100);

      const page = await (await fetch(`${server.url}/events/${slug}`)).text();
      expect(page).toContain("Waiting list open");
    });

    test("a second registration with the same address is answered as a new one, stores nothing and e-mails the person", async () => {
      const first = await register(registrationFormFields(server.registrationToken()));
      expect(first.status).toBe(303);
      const again = await register(
        registrationFormFields(server.registrationToken(), {
          email: "ANA.RIBEIRO@northwind.example",
        }),
      );
      // Nothing in the answer tells whether the address was registered.
      expect(again.status).toBe(303);
      expect(again.headers.location).toBe(first.headers.location);
      expect(await registrations()).toHaveLength(1);
      // The two e-mails of the registration, and one telling the person it holds.
      expect(await outboxRows()).toBe(3);
    });

    test("bad input is answered 400 with the form and its errors, escaped, and stores nothing", async () => {
      const xss = `"><img src=x onerror=alert(1)>`;
      const response = await register(
        registrationFormFields(server.registrationToken(), {
          name: xss,
          email: "nope",
          consent: undefined,
        }),
      );
      expect(response.status).toBe(400);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.text).not.toContain(xss);
      expect(response.text).toContain("fields need your attention");
      expect(await registrations()).toEqual([]);
      expect(await outboxRows()).toBe(0);
    });

    test("a closed registration, a past event and an unknown event take no registration", async () => {
      server.clock.advance(Date.parse(roundTable.closesAt) - server.clock().getTime());
      const closed = await register(registrationFormFields(server.registrationToken()));
      expect(closed.status).toBe(409);
      // The page comes back without its form, saying why.
      expect(closed.text).toContain("Registration has closed");

      const past = await register(
        registrationFormFields(server.registrationToken()),
        "/events/checkout-performance-london",
      );
      expect(past.status).toBe(409);
      const unknown = await register(
        registrationFormFields(server.registrationToken()),
        "/events/no-such-event",
      );
      expect(unknown.status).toBe(404);
      expect(await registrations()).toEqual([]);
      expect(await outboxRows()).toBe(0);
    });

    test("the contact form's abuse rules hold: other sites 403, big bodies 413, trap and token 400", async () => {
      const url = `${server.url}/events/${slug}`;
      const crossSite = await postForm(url, registrationFormFields(server.registrationToken()), {
        Origin: "https://evil.example",
      });
      expect(crossSite.status).toBe(403);
      const huge = await rawRequest(url, {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
        body: `name=${"a".repeat(70 * 1024)}`,
      });
      expect(huge.status).toBe(413);
      for (const fields of [
        registrationFormFields(server.registrationToken(), {
          [honeypotField]: "http://spam.example",
        }),
        registrationFormFields(server.registrationToken(2_000)),
        registrationFormFields("", { [formTokenField]: undefined }),
      ]) {
        const refused = await register(fields);
        expect(refused.status).toBe(400);
        expect(refused.text).toContain("data-form-message");
      }
      expect(await registrations()).toEqual([]);
    });

    test("the cancellation link: its GET changes nothing, a forged one is refused, the genuine POST frees the seat once", async () => {
      for (let n = 0; n < 21; n++) {
        await register(
          registrationFormFields(server.registrationToken(), { email: `c${n}@cancel.example` }),
        );
      }
      const [first, , ...rest] = await registrations();
      const waiting = rest.at(-1)!;
      expect(waiting.status).toBe("waiting");
      const token = signCancelToken("in-process-cancel-link-secret-000001", first!.id);
      const cancelUrl = `${server.url}/events/${slug}/cancel`;

      // Mail scanners open links: the page only asks.
      const page = await fetch(`${cancelUrl}?${cancelTokenField}=${encodeURIComponent(token)}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Cancel your place?");
      expect((await registrations())[0]!.status).toBe("confirmed");

      const forged = `${token.slice(0, -3)}abc`;
      expect((await fetch(`${cancelUrl}?${cancelTokenField}=${forged}`)).status).toBe(400);
      const forgedPost = await postForm(cancelUrl, { [cancelTokenField]: forged });
      expect(forgedPost.status).toBe(400);
      expect(forgedPost.text).toContain("This cancellation link does not work");
      expect((await registrations())[0]!.status).toBe("confirmed");

      const cancelled = await postForm(cancelUrl, { [cancelTokenField]: token });
      expect(cancelled.status).toBe(303);
      expect(cancelled.headers.location).toBe(`/events/${slug}?registration=cancelled#register`);
      const after = await registrations();
      expect(after[0]!.status).toBe("cancelled");
      // The first person waiting has the place.
      expect(after.find((row) => row.id === waiting.id)!.status).toBe("confirmed");

      const again = await postForm(cancelUrl, { [cancelTokenField]: token });
      expect(again.status).toBe(409);
      expect(again.text).toContain("This registration is already cancelled");
      const fromOtherSite = await postForm(
        cancelUrl,
        { [cancelTokenField]: token },
        {
          Origin: "https://evil.example",
        },
      );
      expect(fromOtherSite.status).toBe(403);
    });
  });
}

test("the registration post over the rate limit is answered 429 with Retry-After, and does not use up the contact form's", async () => {
  const server = await startContactServer({
    clockStart: new Date("2027-01-10T09:00:00Z"),
    rateLimit: { maxPosts: 2, windowMs: 600_000 },
  });
  try {
    const post = (email: string) =>
      postForm(
        `${server.url}/events/${slug}`,
        registrationFormFields(server.registrationToken(), { email }),
      );
    expect((await post("a@limit.example")).status).toBe(303);
    expect((await post("b@limit.example")).status).toBe(303);
    const limited = await post("c@limit.example");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await server.db.selectFrom("registrations").select("id").execute()).toHaveLength(2);
    // The contact form counts its own posts.
    expect((await postForm(`${server.url}/contact`, formFields(server.token()))).status).toBe(303);
  } finally {
    await server.close();
  }
});
