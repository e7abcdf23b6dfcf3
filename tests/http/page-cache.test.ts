import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { parse as parseYaml } from "yaml";
import { formTokenPath, type TokenForm } from "~/config/paths";
import { siteUrl } from "~/config/site-url";
import { formTokenField } from "~/features/contact/contact-form-fields";
import { cancelTokenField } from "~/features/events/registration-fields";
import { wallClockToInstant } from "~/lib/zoned-time";
import { signCancelToken } from "../../server/registrations/cancel-token";
import { createApp } from "../../server/http/app";
import { inlineScriptHashes } from "../../server/http/security-headers";
import { manualClock } from "../support/manual-clock";
import { pageTypes } from "../support/page-types";
import { formFields } from "../support/contact-posts";
import { registrationFormFields } from "../support/registration-posts";
import {
  postForm,
  rawRequest,
  startContactServer,
  type ContactServer,
} from "../e2e/contact-support";

/**
 * The page cache of server-rendered pages (server/http/page-cache.ts,
 * docs/decisions/063): however often a page is served from it, every
 * response's inline scripts are allowed by the hashes its policy names, no
 * kept page holds a form token (each form fetches its own), seat counts are
 * read for each, and the events' upcoming/past split moves at the instant an
 * event starts. HTTP only: the
 * browser tests of each page cover what they show. The defects an attack on
 * the earlier render cache found (issue 25) each have a test here.
 */

async function get(url: string, init: RequestInit & { gzip?: boolean } = {}) {
  const { gzip = true, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    headers: { "accept-encoding": gzip ? "gzip" : "identity", ...rest.headers },
  });
  return { response, html: await response.text() };
}

/** The value of the form token field in a page's HTML ("" when the page holds none). */
const tokenIn = (html: string) =>
  new RegExp(`name="${formTokenField}"[^>]*value="([^"]*)"`).exec(html)?.[1];

/** A fresh token from the form's token address, as the page's script fetches it. */
async function fetchToken(origin: string, form: TokenForm) {
  const response = await fetch(origin + formTokenPath(form));
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const scriptSourcesOf = (csp: string | null) =>
  [...(csp ?? "").matchAll(/'(sha256-[^']+)'/g)].map((match) => `'${match[1]}'`);

/** A production app of the current build whose document renders are counted, on a still clock. */
async function countingServer() {
  const build = (await import(
    pathToFileURL(path.resolve("build/server/index.js")).href
  )) as ServerBuild;
  const counter = { renders: 0 };
  const renderDocument = build.entry.module.default;
  const counted: ServerBuild = {
    ...build,
    entry: {
      module: {
        ...build.entry.module,
        default: (...args: Parameters<typeof renderDocument>) => {
          counter.renders++;
          return renderDocument(...args);
        },
      },
    },
  };
  // A clock that stands still: no kept page runs out of time during a test.
  const server = createApp({
    build: counted,
    clientDir: path.resolve("build/client"),
    now: manualClock(),
  }).listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counter,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe("server-rendered pages served from the page cache", () => {
  let contact: ContactServer;
  beforeAll(async () => {
    contact = await startContactServer();
  });
  afterAll(async () => contact?.close());

  for (const pagePath of ["/", "/events", "/contact", "/events/checkout-performance-london"]) {
    test(`${pagePath}: every response's policy allows exactly its inline scripts, by hash`, async () => {
      for (const gzip of [true, true, false]) {
        const { response, html } = await get(contact.url + pagePath, { gzip });
        expect(response.status).toBe(200);
        const csp = response.headers.get("content-security-policy");
        expect(csp).not.toContain("'nonce-");
        expect(scriptSourcesOf(csp).sort()).toEqual(inlineScriptHashes(html).sort());
        // Links carry an empty nonce (app/root.tsx); nothing carries a real one.
        expect(html).not.toMatch(/nonce="[^"]/);
        expect(html).toContain("</html>");
      }
    });
  }

  test("/contact is kept whole, with no token; its form fetches its own, which works once and only on its form", async () => {
    const first = await get(`${contact.url}/contact`);
    expect(first.response.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=/);
    expect(tokenIn(first.html)).toBe("");
    expect((await get(`${contact.url}/contact`)).html).toBe(first.html);

    const tokens = await Promise.all([1, 2, 3].map(() => fetchToken(contact.url, "contact")));
    expect(new Set(tokens).size).toBe(3);
    contact.clock.advance(60_000);
    const send = (token: string) => postForm(`${contact.url}/contact`, formFields(token));
    expect((await send(tokens[0]!)).status).toBe(303);
    // Used once; and a contact token registers nobody.
    expect((await send(tokens[0]!)).status).toBe(400);
    const asRegistration = await postForm(
      `${contact.url}/events/reconciliation-round-table-london`,
      registrationFormFields(tokens[1]!),
    );
    expect(asRegistration.status).toBe(400);
    expect((await send(tokens[2]!)).status).toBe(303);
  });

  test("a form token is never kept: each request for one is answered anew, and an unknown form is a 404", async () => {
    const response = await fetch(`${contact.url}${formTokenPath("registration")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(((await response.json()) as { token: string }).token).toMatch(/^v2\./);
    expect((await fetch(`${contact.url}/forms/newsletter/token`)).status).toBe(404);
  });

  test("a page a browser asks for first is kept complete, with none of React's streaming scripts", async () => {
    // Not asked for by any test before this one, so this request fills the cache.
    const pagePath = "/events/genomics-data-platforms-webinar";
    const browser =
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";
    for (let i = 0; i < 2; i++) {
      const response = await fetch(contact.url + pagePath, { headers: { "user-agent": browser } });
      expect(response.status).toBe(200);
      const html = await response.text();
      // A streamed render holds boundaries back in <template>s, moved in by $RC.
      expect(html).not.toMatch(/<template id="B:|\$RC\b/);
      expect(html).toContain("</html>");
    }
  });

  test("a kept page without per-response values is shared: a proxy may keep it, and 304 answers a current copy", async () => {
    const first = await get(`${contact.url}/events`);
    expect(first.response.headers.get("cache-control")).toMatch(
      /^public, max-age=0, s-maxage=\d+$/,
    );
    const etag = first.response.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(`${contact.url}/events`, {
      // fetch() adds Cache-Control: no-cache to a conditional request unless told otherwise.
      headers: { "accept-encoding": "gzip", "if-none-match": etag!, "cache-control": "max-age=0" },
    });
    expect(again.status).toBe(304);
    // Each encoding is its own body with its own tag.
    const plain = await get(`${contact.url}/events`, { gzip: false });
    expect(plain.response.headers.get("etag")).not.toBe(etag);
    expect(plain.html).toBe(first.html);
  });

  test("a cancellation link's first visit logs no error, and no page type logs one on a normal visit", async () => {
    const slug = "reconciliation-round-table-london";
    const registered = await postForm(
      `${contact.url}/events/${slug}`,
      registrationFormFields(contact.registrationToken(), { email: "log-check@cancel.example" }),
    );
    expect(registered.status).toBe(303);
    const row = await contact.db
      .selectFrom("registrations")
      .select("id")
      .where("email", "=", "log-check@cancel.example")
      .executeTakeFirstOrThrow();
    const token = encodeURIComponent(
      signCancelToken("in-process-cancel-link-secret-000001", row.id),
    );
    const visits = [...pageTypes, `/events/${slug}/cancel?${cancelTokenField}=${token}`];
    for (const pagePath of visits) {
      for (let i = 0; i < 2; i++) {
        expect((await get(contact.url + pagePath)).response.status, pagePath).toBe(200);
      }
    }
    const errors = contact.log.lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; path?: string })
      .filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
  });
});

describe("an event page that takes registrations, served from the page cache", () => {
  const slug = "reconciliation-round-table-london";
  let server: ContactServer;
  beforeAll(async () => {
    server = await startContactServer({ clockStart: new Date("2027-01-10T09:00:00Z") });
  });
  afterAll(async () => server?.close());

  const seatLabel = (html: string) => /(\d+ places? left|Registration open)/.exec(html)?.[1];
  test("the page is kept whole with its scripts allowed by hash, and its form holds no token", async () => {
    for (const gzip of [true, true, false]) {
      const { response, html } = await get(`${server.url}/events/${slug}`, { gzip });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=/);
      const csp = response.headers.get("content-security-policy");
      expect(scriptSourcesOf(csp).sort()).toEqual(inlineScriptHashes(html).sort());
      expect(html).toContain(`name="${formTokenField}"`);
      expect(tokenIn(html)).toBe("");
    }
  });

  test("the seat count changes on the very next request after a registration", async () => {
    // Kept now: served twice with the same count.
    expect(seatLabel((await get(`${server.url}/events/${slug}`)).html)).toBe("Registration open");
    expect(seatLabel((await get(`${server.url}/events/${slug}`)).html)).toBe("Registration open");
    for (const [index, expected] of [
      [1, "19 places left"],
      [2, "18 places left"],
    ] as const) {
      const posted = await postForm(
        `${server.url}/events/${slug}`,
        registrationFormFields(server.registrationToken(), { email: `seat${index}@cache.example` }),
      );
      expect(posted.status).toBe(303);
      // Same minute on the server's clock: only the seat count can have made it render again.
      const { html } = await get(`${server.url}/events/${slug}`);
      expect(seatLabel(html)).toBe(expected);
    }
  });
});

type ContentEvent = { slug: string; start: string; timeZone: string; startsAt: Date };
const contentEvents: ContentEvent[] = readdirSync("content/events")
  .filter((file) => file.endsWith(".yaml"))
  .map((file) => {
    const data = parseYaml(readFileSync(path.join("content/events", file), "utf8")) as ContentEvent;
    return { ...data, startsAt: wallClockToInstant(data.start, data.timeZone) };
  })
  .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());

test("the upcoming/past split moves at the instant an event starts, not a minute later", async () => {
  const event = contentEvents.at(-1)!;
  // 30 s before it starts, so a kept page would otherwise live 30 s past the start.
  const clock = manualClock(new Date(event.startsAt.getTime() - 30_000));
  const build = (await import(
    pathToFileURL(path.resolve("build/server/index.js")).href
  )) as ServerBuild;
  const app = createApp({ build, clientDir: path.resolve("build/client"), now: clock });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const isUpcoming = async () => {
    const { html } = await get(`${url}/events`);
    const at = html.indexOf(`id="${event.slug}"`);
    expect(at).toBeGreaterThan(0);
    return at < html.indexOf(">Past events<");
  };
  try {
    expect(await isUpcoming()).toBe(true);
    clock.advance(29_000);
    expect(await isUpcoming()).toBe(true);
    clock.advance(1_000);
    expect(await isUpcoming()).toBe(false);
    // And the minute: a page kept now is rendered again in the next minute.
    clock.advance(60_000);
    expect(await isUpcoming()).toBe(false);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

describe("what the page cache never does (issue 25's defects)", () => {
  let server: Awaited<ReturnType<typeof countingServer>>;
  beforeEach(async () => {
    server = await countingServer();
  });
  afterEach(() => server.close());

  test("build-time files under a made-up address are 404, never drawn at runtime", async () => {
    const art = readdirSync("build/client/art").find((file) => file.endsWith(".svg"));
    for (const made of [
      "/social/home.png/",
      "/icons/icon-512.png/",
      `/art/${art}/`,
      "/social/nope.png",
    ]) {
      for (const headers of [{}, { referer: `${server.url}/` }] as Record<string, string>[]) {
        const { response } = await get(server.url + made, { headers });
        expect(response.status, made).toBe(404);
      }
    }
    expect(server.counter.renders).toBe(0);
  });

  test("a query string the page does not read is served from the kept page", async () => {
    await get(`${server.url}/`);
    expect(server.counter.renders).toBe(1);
    for (const query of ["?utm_source=newsletter&utm_campaign=autumn", "?x=1", "?"]) {
      expect((await get(`${server.url}/${query}`)).response.status).toBe(200);
    }
    expect(server.counter.renders).toBe(1);
  });

  test("a query value the page does not know keeps no page: only known values are keys (issue 41, defect 3)", async () => {
    // Kept: each known value once, however often it is asked for.
    for (const known of ["/contact?sent=1", "/contact?service=web-development"]) {
      const before = server.counter.renders;
      for (let i = 0; i < 2; i++) expect((await get(server.url + known)).response.status).toBe(200);
      expect(server.counter.renders - before, known).toBe(1);
    }
    // Any other value is rendered for its request and kept by no one (not even a proxy).
    for (const made of ["/contact?sent=a", "/contact?sent=1&sent=2", "/contact?service=1&sent=x"]) {
      const before = server.counter.renders;
      for (let i = 0; i < 2; i++) {
        const { response } = await get(server.url + made);
        expect(response.status, made).toBe(200);
        expect(response.headers.get("cache-control"), made).toBe("no-cache");
      }
      expect(server.counter.renders - before, made).toBe(2);
    }
  });

  test("a page that is not kept is rendered once per request, not twice", async () => {
    for (const pagePath of ["/nope", "/contact?service=made-up", "/events/no-such-event"]) {
      const before = server.counter.renders;
      await get(server.url + pagePath);
      expect(server.counter.renders - before, pagePath).toBe(1);
    }
  });

  // 220 renders of the not-found page, one after another: 120 s on a busy machine.
  test("200 made-up addresses evict no real page", { timeout: 120_000 }, async () => {
    await get(`${server.url}/events`);
    const renders = server.counter.renders;
    for (let i = 0; i < 200; i++) await get(`${server.url}/made-up-${i}`);
    for (let i = 0; i < 20; i++) await get(`${server.url}/contact?service=made-up-${i}`);
    const before = server.counter.renders;
    await get(`${server.url}/events`);
    expect(server.counter.renders).toBe(before);
    expect(before - renders).toBe(220);
  });

  test("a made-up asset name is 404 whatever the Referer, and renders nothing", async () => {
    const { response } = await get(`${server.url}/assets/page-data-madeupmadeup.js`, {
      headers: { referer: `${server.url}/` },
    });
    expect(response.status).toBe(404);
    expect(server.counter.renders).toBe(0);
  });

  test("a broken Host is refused, and no page is rendered or kept for it by any path", async () => {
    await get(`${server.url}/events`);
    const renders = server.counter.renders;
    for (const target of ["/events", "/", "/assets/page-data-madeupmadeup.js"]) {
      const answer = await rawRequest(server.url + target, {
        method: "GET",
        headers: { host: "a!b", referer: "http://a!b/contact" },
      });
      expect(answer.status, target).toBeGreaterThanOrEqual(400);
    }
    expect(server.counter.renders).toBe(renders);
  });

  test("//evil.example/contact is 404, whether or not /contact is kept", async () => {
    expect((await get(`${server.url}/contact`)).response.status).toBe(200);
    const answer = await rawRequest(`${server.url}//evil.example/contact`, { method: "GET" });
    expect(answer.status).toBe(404);
    // Its address on this site, from SITE_URL (issue 41, defect 8).
    const ogUrl = /property="og:url" content="([^"]*)"/.exec(answer.text)?.[1];
    expect(ogUrl).toBe(`${siteUrl}//evil.example/contact`);
    expect(/content="https?:\/\/evil\.example[^"]*"/.exec(answer.text)?.[0]).toBeUndefined();
  });

  test("every answer says once how long it may be kept, its own words where it has them", async () => {
    for (const [pagePath, expected] of [
      ["/contact", /^public, max-age=0, s-maxage=\d+$/],
      ["/events.data", /^public, max-age=0, s-maxage=\d+$/],
      ["/events/checkout-performance-london.ics", /^no-cache$/],
      ["/no-such-page", /^no-cache$/],
    ] as const) {
      const answer = await rawRequest(server.url + pagePath, { method: "GET" });
      expect(answer.headers["cache-control"], pagePath).toMatch(expected);
    }
  });

  test("a browser gets brotli, though it lists gzip first", async () => {
    for (const pagePath of ["/about", "/events", "/"]) {
      for (let i = 0; i < 2; i++) {
        const answer = await rawRequest(server.url + pagePath, {
          method: "GET",
          headers: { "accept-encoding": "gzip, deflate, br, zstd" },
        });
        expect(answer.headers["content-encoding"], pagePath).toBe("br");
      }
    }
    const gzipOnly = await rawRequest(`${server.url}/about`, {
      method: "GET",
      headers: { "accept-encoding": "gzip, br;q=0" },
    });
    expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
  });

  test("no response names a private cache header, data requests included", async () => {
    for (const pagePath of [
      "/",
      "/events",
      "/contact",
      "/contact.data",
      "/events.data",
      "/_.data",
    ]) {
      const { response } = await get(server.url + pagePath);
      expect(response.headers.get("x-render-cache-until"), pagePath).toBeNull();
      expect([...response.headers.keys()].filter((name) => name.startsWith("x-render"))).toEqual(
        [],
      );
    }
  });
});
