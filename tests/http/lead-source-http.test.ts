import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { formTokenField } from "~/features/contact/contact-schema";
import { leadSourceFields } from "~/lib/forms/lead-source";
import { formFields, validEnquiry } from "../support/contact-posts";
import { registrationFormFields, validRegistration } from "../support/registration-posts";
import { testDatabaseKinds } from "../support/test-databases";
import {
  findLeadByEmail,
  postForm,
  startContactServer,
  type ContactServer,
} from "../e2e/contact-support";

// Where a lead came from, without JavaScript (issue 28): the form's own page and its query,
// read from the post's Referer, carried through the "one more step" answer into the lead.

/** The hidden fields a browser without JavaScript sends back from an answer's form. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of [...leadSourceFields, formTokenField]) {
    const value = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
    if (value !== undefined) fields[name] = value.replaceAll("&amp;", "&");
  }
  return fields;
}

for (const kind of testDatabaseKinds) {
  describe(`a lead's source without JavaScript on ${kind}`, () => {
    let server: ContactServer;
    beforeEach(async () => {
      // Before the events' registrations close, for the registration below.
      server = await startContactServer({ kind, clockStart: new Date("2027-01-10T09:00:00Z") });
    });
    afterEach(() => server.close());

    test("a lead sent from /contact?utm_source=x&utm_campaign=y stores both, through the second post", async () => {
      // The page is the same for everyone (kept a minute): only the form's path is in it.
      const page = await fetch(`${server.url}/contact?utm_source=x&utm_campaign=y`);
      const shown = hiddenFields(await page.text());
      expect(shown).toMatchObject({ landingPage: "", utmSource: "", formPage: "/contact" });

      const formPage = `${server.url}/contact?utm_source=x&utm_campaign=y`;
      const first = await postForm(
        `${server.url}/contact`,
        formFields("", { [formTokenField]: undefined, ...shown }),
        { Referer: formPage },
      );
      expect(first.status).toBe(400);
      expect(first.text).toContain("One more step");
      const carried = hiddenFields(first.text);
      expect(carried).toMatchObject({ landingPage: "/contact", utmSource: "x", utmCampaign: "y" });

      server.clock.advance(10_000);
      // Sent again from the answer's page, whose address has no query.
      const again = await postForm(`${server.url}/contact`, formFields("", carried), {
        Referer: `${server.url}/contact`,
      });
      expect(again.status).toBe(303);
      const lead = await findLeadByEmail(server.db, validEnquiry.email);
      expect(lead).toMatchObject({
        landing_page: "/contact",
        referrer_host: null,
        utm_source: "x",
        utm_medium: null,
        utm_campaign: "y",
        form_page: "/contact",
      });
    });

    test("a source field past its bound is dropped and named in the log; the enquiry is kept", async () => {
      const response = await postForm(
        `${server.url}/contact`,
        formFields(server.token(), {
          landingPage: "/",
          utmSource: "x".repeat(500),
          utmCampaign: "y",
          referrerHost: "not a host",
          formPage: "/contact",
        }),
      );
      expect(response.status).toBe(303);
      const lead = await findLeadByEmail(server.db, validEnquiry.email);
      expect(lead).toMatchObject({
        landing_page: "/",
        utm_source: null,
        utm_campaign: "y",
        referrer_host: null,
      });
      const warning = server.log.lines.find((line) => line.includes("kept without"));
      expect(warning).toContain("utmSource (must be 100 characters or fewer)");
      expect(warning).toContain("referrerHost (must be a host name");
      expect(warning).not.toContain("xxxx");
    });

    test("a registration sent from an event's page with a campaign stores it with the registration", async () => {
      const slug = "reconciliation-round-table-london";
      const response = await postForm(
        `${server.url}/events/${slug}`,
        registrationFormFields(server.registrationToken(), { formPage: `/events/${slug}` }),
        { Referer: `${server.url}/events/${slug}?utm_source=newsletter&utm_medium=email` },
      );
      expect(response.status).toBe(303);
      const registration = await server.db
        .selectFrom("registrations")
        .selectAll()
        .where("email", "=", validRegistration.email)
        .executeTakeFirstOrThrow();
      expect(registration).toMatchObject({
        landing_page: `/events/${slug}`,
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: null,
        form_page: `/events/${slug}`,
      });
    });
  });
}
