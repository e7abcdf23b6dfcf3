import { expect, test } from "../e2e/fixtures";

// Finding 6 of issue 15: a map keyed by a URL segment must not answer for the
// keys every JavaScript object inherits. Each of these is an unknown id: 404,
// the not-found page, and never a redirect to "function Object() ...".
const inheritedKeys = [
  "constructor",
  "__proto__",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "__defineGetter__",
  "__lookupGetter__",
];

test("/services/<an inherited key> is an unknown service: 404, no redirect", async ({
  request,
}) => {
  for (const key of inheritedKeys) {
    const response = await request.get(`/services/${key}`, { maxRedirects: 0 });
    expect(response.status(), key).toBe(404);
    expect(response.headers()["location"], key).toBeUndefined();
    expect(await response.text(), key).toContain("We couldn’t find that service");
  }
});

test("other routes keyed by the URL answer 404 for inherited keys too", async ({ request }) => {
  for (const key of inheritedKeys) {
    for (const path of [
      `/blog/${key}`,
      `/events/${key}`,
      `/events/${key}.ics`,
      `/icons/${key}`,
      `/art/${key}`,
      `/social/${key}`,
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
    }
    // The contact form's ?service= preselects only a real service.
    const contact = await request.get(`/contact?service=${key}`);
    expect(contact.status(), key).toBe(200);
    expect(await contact.text(), key).not.toMatch(/<option value="[^"]+" selected/);
  }
});

test("a real service id is still preselected", async ({ request }) => {
  const contact = await request.get("/contact?service=web-development");
  expect(await contact.text()).toMatch(/<option value="web-development" selected/);
});

test("the cybersecurity redirect keeps the query string", async ({ request }) => {
  const response = await request.get("/services/cybersecurity?utm_source=footer&x=%C3%A9", {
    maxRedirects: 0,
  });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe(
    "/services/cyber-security?utm_source=footer&x=%C3%A9",
  );
});
