import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { formTokenField, honeypotField } from "~/features/contact/contact-schema";
import { formFields, validEnquiry } from "../support/contact-posts";
import { testDatabaseKinds } from "../support/test-databases";
import {
  postForm,
  rawRequest,
  startContactServer,
  type ContactServer,
} from "../e2e/contact-support";

// The contact form's abuse rules over HTTP, against the production app with
// its own database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), a
// clock the tests move, and a low rate limit. Every refusal leaves no lead.

const MB = 1024 * 1024;

for (const kind of testDatabaseKinds) {
  describe(`the contact form's abuse rules on ${kind}`, () => {
    let server: ContactServer;
    beforeEach(async () => {
      server = await startContactServer({ kind, rateLimit: { maxPosts: 3, windowMs: 600_000 } });
    });
    afterEach(() => server.close());

    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      postForm(`${server.url}/contact`, fields, headers);

    test("a post with no token (a page without JavaScript) comes back with what was typed and a fresh token; sent again, it is stored", async () => {
      const first = await post(formFields("", { [formTokenField]: undefined }));
      expect(first.status).toBe(400);
      expect(first.text).toContain("One more step");
      expect(first.text).toContain(`value="${validEnquiry.email}"`);
      expect(await server.leadCount()).toBe(0);
      const token = new RegExp(`name="${formTokenField}" value="([^"]+)"`).exec(first.text)?.[1];
      expect(token).toBeTruthy();
      server.clock.advance(10_000);
      const again = await post(formFields(token!));
      expect(again.status).toBe(303);
      expect(await server.leadCount()).toBe(1);
    });

    test("a valid post is stored, then answered with a redirect to the thank-you state", async () => {
      const response = await post(formFields(server.token()));
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/contact?sent=1#enquiry");
      expect(await server.leadCount()).toBe(1);
    });

    const refused: [string, () => Record<string, string>][] = [
      ["a filled trap", () => formFields(server.token(), { [honeypotField]: "http://x.example" })],
      ["a missing trap", () => formFields(server.token(), { [honeypotField]: undefined })],
      ["a post faster than a person", () => formFields(server.token(2_000))],
      ["an expired token", () => formFields(server.token(5 * 60 * 60 * 1000))],
      [
        "a tampered token",
        () => formFields(server.token().replace(/^v2\.\w+/, (issued) => `${issued}0`)),
      ],
      ["a missing token", () => formFields("", { [formTokenField]: undefined })],
    ];
    for (const [what, fields] of refused) {
      test(`${what} is answered 400 with the form, and stores nothing`, async () => {
        const response = await post(fields());
        expect(response.status).toBe(400);
        expect(response.headers["content-type"]).toContain("text/html");
        expect(response.text).toContain("data-form-message");
        expect(await server.leadCount()).toBe(0);
      });
    }

    test("the post over the rate limit is answered 429 with Retry-After", async () => {
      for (let i = 0; i < 3; i++) expect((await post(formFields(server.token()))).status).toBe(303);
      server.clock.advance(100_000);
      const response = await post(formFields(server.token()));
      expect(response.status).toBe(429);
      expect(response.headers["retry-after"]).toBe("500");
      expect(await server.leadCount()).toBe(3);

      // With JavaScript the form posts to the route's .data URL: the same limit, the same header.
      const data = await post(formFields(server.token()), {});
      expect(data.status).toBe(429);
      const viaFetch = await postForm(`${server.url}/contact.data`, formFields(server.token()));
      expect(viaFetch.status).toBe(429);
      expect(viaFetch.headers["retry-after"]).toBe("500");
      expect(await server.leadCount()).toBe(3);

      server.clock.advance(500_000);
      expect((await post(formFields(server.token()))).status).toBe(303);
    });

    test("a forged X-Forwarded-For does not escape the rate limit", async () => {
      for (let i = 0; i < 5; i++) {
        await post(formFields(server.token()), { "X-Forwarded-For": `198.51.100.${i}` });
      }
      expect(await server.leadCount()).toBe(3);
    });

    test("a body over 64 KB is answered 413 before it is read", async () => {
      const oneMegabyte = `message=${"a".repeat(MB)}`;
      const declared = await rawRequest(`${server.url}/contact`, {
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.origin,
          "Content-Length": String(oneMegabyte.length),
        },
        body: oneMegabyte,
      });
      expect(declared.status).toBe(413);
      expect(declared.headers.connection).toBe("close");

      // Without a Content-Length, the server counts the bytes as they arrive.
      const chunks = Array.from({ length: 16 }, () => Buffer.alloc(64 * 1024, "a"));
      const streamed = await rawRequest(`${server.url}/contact`, {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
        body: chunks,
      });
      expect(streamed.status).toBe(413);
      // The action reads it (app/lib/forms/read-form.ts): the same answer, and the same close.
      expect(streamed.headers.connection).toBe("close");
      expect(streamed.headers["content-type"]).toBe(declared.headers["content-type"]);
      expect(streamed.text).toBe(declared.text);
      // So is a post to the route's data URL, the one the form makes with JavaScript.
      const streamedData = await rawRequest(`${server.url}/contact.data`, {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
        body: chunks,
      });
      expect(streamedData.status).toBe(413);
      expect(streamedData.headers.connection).toBe("close");
      expect(streamedData.text).toBe(declared.text);
      expect(await server.leadCount()).toBe(0);
      expect(server.log.lines.filter((line) => line.includes("body over"))).toHaveLength(3);
    });

    test("a post from another site is refused with 403", async () => {
      const crossSite: Record<string, string>[] = [
        { Origin: "https://evil.example" },
        { Origin: "null" },
        { Origin: server.origin, "Sec-Fetch-Site": "cross-site" },
        { Origin: server.origin, "Sec-Fetch-Site": "same-site" },
      ];
      for (const headers of crossSite) {
        const response = await post(formFields(server.token()), headers);
        expect(response.status, JSON.stringify(headers)).toBe(403);
      }
      // Neither header: not a post from our page in a browser.
      const bare = await rawRequest(`${server.url}/contact`, {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(formFields(server.token())).toString(),
      });
      expect(bare.status).toBe(403);
      expect(await server.leadCount()).toBe(0);
      expect(server.log.lines.every((line) => !line.includes(validEnquiry.email))).toBe(true);
    });

    test("markup sent in a field comes back escaped in the form and is stored as sent", async () => {
      const xss = `"><img src=x onerror=alert(1)>`;
      const invalid = await post(formFields(server.token(), { name: xss, email: "nope" }));
      expect(invalid.status).toBe(400);
      expect(invalid.text).not.toContain(xss);
      expect(invalid.text).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");

      const sql = `' OR 1=1--`;
      expect((await post(formFields(server.token(), { name: xss, company: sql }))).status).toBe(
        303,
      );
      const lead = await server.db.selectFrom("leads").selectAll().executeTakeFirstOrThrow();
      expect(lead).toMatchObject({ name: xss, company: sql });
    });
  });
}

describe("behind a proxy", () => {
  test("with TRUST_PROXY=1, only the address the proxy added counts", async () => {
    const server = await startContactServer({
      trustProxy: 1,
      rateLimit: { maxPosts: 2, windowMs: 600_000 },
    });
    try {
      const via = (forwardedFor: string) =>
        postForm(`${server.url}/contact`, formFields(server.token()), {
          "X-Forwarded-For": forwardedFor,
        });
      // The client forges the first entries; the proxy appends the real address.
      expect((await via("203.0.113.1, 198.51.100.20")).status).toBe(303);
      expect((await via("203.0.113.2, 198.51.100.20")).status).toBe(303);
      expect((await via("203.0.113.3, 198.51.100.20")).status).toBe(429);
      // A different real client has its own allowance.
      expect((await via("203.0.113.3, 198.51.100.21")).status).toBe(303);
      expect(await server.leadCount()).toBe(3);
    } finally {
      await server.close();
    }
  });
});
