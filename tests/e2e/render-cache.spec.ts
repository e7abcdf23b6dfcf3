import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { parse as parseYaml } from "yaml";
import { formTokenField } from "~/features/contact/contact-form-fields";
import { wallClockToInstant } from "~/lib/zoned-time";
import { createApp } from "../../server/http/app";
import { manualClock } from "../support/manual-clock";
import { registrationFormFields } from "../support/registration-posts";
import { postForm, startContactServer, type ContactServer } from "./contact-support";
import { expect, test } from "./fixtures";

/**
 * The render cache of server-rendered pages (server/render-cache.ts,
 * docs/decisions/063): however often a page is served from the cache, every
 * response carries its own CSP nonce and its own form token, and the events'
 * upcoming/past split moves at the instant an event starts. HTTP only: the
 * browser tests of each page cover what they show.
 */

async function get(url: string, gzip = true) {
  const response = await fetch(url, {
    headers: { "accept-encoding": gzip ? "gzip" : "identity" },
  });
  return { response, html: await response.text() };
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
const noncesIn = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));

test.describe("server-rendered pages served from the render cache", () => {
  test.describe.configure({ mode: "serial" });
  let contact: ContactServer;
  test.beforeAll(async () => {
    contact = await startContactServer();
  });
  test.afterAll(async () => contact.close());

  for (const pagePath of ["/", "/events", "/contact", "/events/checkout-performance-london"]) {
    test(`${pagePath}: every response has a fresh nonce, named in its policy and on every inline script`, async () => {
      const seen = new Set<string>();
      for (const gzip of [true, true, false]) {
        const { response, html } = await get(contact.url + pagePath, gzip);
        expect(response.status).toBe(200);
        const nonce = nonceOf(response.headers.get("content-security-policy"));
        expect(nonce).toBeTruthy();
        expect(seen.has(nonce!)).toBe(false);
        seen.add(nonce!);
        expect([...noncesIn(html)]).toEqual([nonce]);
        expect(html).not.toMatch(/cspnonce|formtoken/);
        expect(response.headers.get("x-render-cache-until")).toBeNull();
        expect(html).toContain("</html>");
      }
    });
  }

  test("/contact: every response carries its own valid form token, in the form and in the page's data", async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { html } = await get(`${contact.url}/contact`);
      const token = new RegExp(`name="${formTokenField}"[^>]*value="([^"]+)"`).exec(html)?.[1];
      expect(token).toBeTruthy();
      // The same token in the hydration data, so React keeps it.
      expect(html.split(token!).length - 1).toBeGreaterThanOrEqual(2);
      tokens.push(token!);
    }
    expect(new Set(tokens).size).toBe(3);
  });

  test("a page a browser asks for first is cached complete, with none of React's streaming scripts", async () => {
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

  test("a cached page has the same headers from the fast path as when it was rendered: none dropped, none twice", async () => {
    // Not asked for by any test before this one: the first response is the
    // app's (a miss, rendered), the next ones the fast path's.
    const pagePath = "/events/reconciliation-round-table-london";
    const headersOf = async (gzip: boolean) => {
      const { response } = await get(contact.url + pagePath, gzip);
      expect(response.status).toBe(200);
      return [...response.headers]
        .filter(([name]) => !/^(date|content-length)$/.test(name))
        .map(([name, value]) => [name, value.replace(/'nonce-[^']+'/, "'nonce-'")]);
    };
    const rendered = await headersOf(true);
    expect(rendered.map(([name]) => name)).toEqual(
      expect.arrayContaining(["cache-control", "content-encoding", "content-type", "vary"]),
    );
    expect(await headersOf(true)).toEqual(rendered);
    const identity = await headersOf(false);
    expect(identity).toEqual(rendered.filter(([name]) => name !== "content-encoding"));
  });

  test("a cached page's gzip body is the same HTML as its identity body but for the per-response values", async () => {
    const response = await fetch(`${contact.url}/events`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const raw = Buffer.from(await response.arrayBuffer());
    // fetch already decoded it; decode by hand too when the body arrived still compressed.
    const html = raw[0] === 0x1f ? gunzipSync(raw).toString() : raw.toString();
    const { html: plain } = await get(`${contact.url}/events`, false);
    const normalise = (text: string) => text.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(normalise(html)).toBe(normalise(plain));
  });
});

test.describe("an event page that takes registrations, served from the render cache", () => {
  test.describe.configure({ mode: "serial" });
  const slug = "reconciliation-round-table-london";
  let server: ContactServer;
  test.beforeAll(async () => {
    server = await startContactServer({ clockStart: new Date("2027-01-10T09:00:00Z") });
  });
  test.afterAll(async () => server.close());

  const taken = (html: string) => /(\d+) of 20 places are taken/.exec(html)?.[1];
  const registrationToken = (html: string) =>
    new RegExp(`name="${formTokenField}"[^>]*value="([^"]+)"`).exec(html)?.[1];

  test("each response has its own nonce and registration form token, and no stand-in", async () => {
    const nonces = new Set<string>();
    const tokens = new Set<string>();
    for (const gzip of [true, true, false]) {
      const { response, html } = await get(`${server.url}/events/${slug}`, gzip);
      expect(response.status).toBe(200);
      const nonce = nonceOf(response.headers.get("content-security-policy"));
      expect([...noncesIn(html)]).toEqual([nonce]);
      nonces.add(nonce!);
      const token = registrationToken(html);
      expect(token).toBeTruthy();
      // The same token in the hydration data, so React keeps it.
      expect(html.split(token!).length - 1).toBeGreaterThanOrEqual(2);
      tokens.add(token!);
      expect(html).not.toMatch(/cspnonce|registrationtoken/);
    }
    expect(nonces.size).toBe(3);
    expect(tokens.size).toBe(3);
  });

  test("the seat count changes on the very next request after a registration", async () => {
    // Cached now: served twice with the same count.
    expect(taken((await get(`${server.url}/events/${slug}`)).html)).toBe("0");
    expect(taken((await get(`${server.url}/events/${slug}`)).html)).toBe("0");
    for (const [index, expected] of [
      [1, "1"],
      [2, "2"],
    ] as const) {
      const posted = await postForm(
        `${server.url}/events/${slug}`,
        registrationFormFields(server.registrationToken(), { email: `seat${index}@cache.example` }),
      );
      expect(posted.status).toBe(303);
      // Same minute on the server's clock: only the seat count can have made it render again.
      const { html } = await get(`${server.url}/events/${slug}`);
      expect(taken(html)).toBe(expected);
      expect(registrationToken(html)).toBeTruthy();
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
  // 30 s before it starts, so the cached render would otherwise live 30 s past the start.
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
    clock.advance(29_999);
    expect(await isUpcoming()).toBe(true);
    clock.advance(1);
    expect(await isUpcoming()).toBe(false);
    // And the minute: a page cached now is rendered again in the next minute.
    clock.advance(60_000);
    expect(await isUpcoming()).toBe(false);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test.describe("a cached page's hydration data module", () => {
  // Two processes of the same build, as behind a load balancer: A renders
  // home and names its data module; B has never rendered home.
  let servers: Server[] = [];
  const start = async () => {
    const build = (await import(
      pathToFileURL(path.resolve("build/server/index.js")).href
    )) as ServerBuild;
    const server = createApp({ build, clientDir: path.resolve("build/client") }).listen(
      0,
      "127.0.0.1",
    );
    await once(server, "listening");
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  test.afterEach(() => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    servers = [];
  });

  test("home's data is a module the render cache serves, immutable; another process makes it again from the Referer", async () => {
    const a = await start();
    const { html } = await get(`${a}/`);
    expect(html).not.toContain("__reactRouterContext");
    const name = /await import\("\/assets\/(page-data-[\w-]+\.js)"\)/.exec(html)?.[1];
    expect(name, "the module script imports the data before the entry").toBeTruthy();
    const fromA = await fetch(`${a}/assets/${name}`, { headers: { "accept-encoding": "gzip" } });
    expect(fromA.status).toBe(200);
    expect(fromA.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(fromA.headers.get("cache-control")).toContain("immutable");
    const data = await fromA.text();
    expect(data).toMatch(/^window\.__reactRouterContext = /);
    expect(data).toContain("streamController.enqueue(");
    // Nothing per response: no stand-in, no nonce.
    expect(data).not.toMatch(/cspnonce|formtoken|nonce-/);

    const b = await start();
    expect((await fetch(`${b}/assets/${name}`)).status).toBe(404);
    const fromB = await fetch(`${b}/assets/${name}`, { headers: { referer: `${b}/` } });
    expect(fromB.status).toBe(200);
    expect(await fromB.text()).toBe(data);
  });
});
