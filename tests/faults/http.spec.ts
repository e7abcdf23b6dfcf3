import { connect } from "node:net";
import { recordingServerLog } from "../support/manual-clock";
import { formFields } from "../support/contact-posts";
import { postForm, startContactServer } from "../e2e/contact-support";
import { expect, startBuiltApp, test } from "../e2e/fixtures";

// Requests that reach code paths no page visit does (issue 15, findings 4, 8,
// 9 and the asterisk request): each gets a deliberate answer and none writes
// an error to the log. The production app over the production build, in this
// process, with its log kept in memory.

/**
 * Sends bytes as they are and resolves with what the server answered once it
 * closes the connection (every request here asks it to, or is HTTP/1.0).
 */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(answer));
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1]);

/** The error-level lines of a recorded log (pino level 50 and above). */
function errorLines(lines: string[]) {
  return lines
    .map((line) => JSON.parse(line) as { level: string; msg: string })
    .filter((line) => line.level === "error" || line.level === "fatal");
}

test.describe("the Host header", () => {
  test("a missing, empty or invalid Host is answered 400 before React Router, with nothing logged as an error", async () => {
    const { log, lines } = recordingServerLog();
    const server = await startBuiltApp({ log });
    const port = Number(new URL(server.url).port);
    try {
      const requests = [
        "GET /events HTTP/1.0\r\n\r\n",
        "GET /events HTTP/1.0\r\nHost:\r\n\r\n",
        "GET /events HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n",
        "GET /events HTTP/1.1\r\nHost: x:99999\r\nConnection: close\r\n\r\n",
        "GET /events HTTP/1.1\r\nHost: x:0\r\nConnection: close\r\n\r\n",
        "GET /events HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n",
        "GET /events HTTP/1.1\r\nHost: [::g]:80\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: 999.999.999.999\r\nConnection: close\r\n\r\n",
        "GET /contact HTTP/1.1\r\nHost: a/b\r\nConnection: close\r\n\r\n",
        "GET /no-such-page HTTP/1.1\r\nHost: x@y\r\nConnection: close\r\n\r\n",
      ];
      for (const request of requests) {
        const answer = await rawExchange(port, request);
        expect(statusOf(answer), JSON.stringify(request)).toBe(400);
        expect(answer, JSON.stringify(request)).toContain(
          "the Host header is missing or not valid",
        );
      }
      // A prerendered page and the health check need no Host, as before.
      expect(statusOf(await rawExchange(port, "GET /about HTTP/1.0\r\n\r\n"))).toBe(200);
      expect(statusOf(await rawExchange(port, "GET /healthz HTTP/1.0\r\n\r\n"))).toBe(200);
      // Valid hosts render: a name, an IPv4 address with a port, an IPv6 literal with a port.
      for (const host of ["corvanta.example", "127.0.0.1:8080", "[::1]:3301", "[2001:db8::1]"]) {
        const answer = await rawExchange(
          port,
          `GET /events HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        );
        expect(statusOf(answer), host).toBe(200);
      }
      expect(errorLines(lines)).toEqual([]);
    } finally {
      server.close();
    }
  });

  test("the form works at an IPv6 address with a port", async () => {
    const server = await startContactServer();
    try {
      const ipv6Origin = `http://[::1]:${new URL(server.url).port}`;
      const response = await postForm(`${server.url}/contact`, formFields(server.token()), {
        Host: ipv6Origin.slice("http://".length),
        Origin: ipv6Origin,
      });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/contact?sent=1#enquiry");
      expect(await server.leadCount()).toBe(1);
      // A post from another IPv6 origin is still refused.
      const foreign = await postForm(`${server.url}/contact`, formFields(server.token()), {
        Host: ipv6Origin.slice("http://".length),
        Origin: "http://[::2]:3301",
      });
      expect(foreign.status).toBe(403);
      expect(await server.leadCount()).toBe(1);
      expect(errorLines(server.log.lines)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

test("a form token is accepted once: a replay is refused and stores nothing", async () => {
  const server = await startContactServer({ trustProxy: 1 });
  try {
    const token = server.token();
    const first = await postForm(`${server.url}/contact`, formFields(token), {
      "X-Forwarded-For": "203.0.113.1",
    });
    expect(first.status).toBe(303);
    // The same token from other addresses, with other content, and through the JavaScript path.
    for (const [url, address] of [
      [`${server.url}/contact`, "198.51.100.2"],
      [`${server.url}/contact`, "2001:db8:9::1"],
      [`${server.url}/contact.data`, "198.51.100.3"],
    ] as const) {
      const replay = await postForm(
        url,
        formFields(token, { email: "replayed@faults.example", name: "Someone Else" }),
        { "X-Forwarded-For": address },
      );
      expect(replay.status, `${url} from ${address}`).toBe(400);
    }
    expect(await server.leadCount()).toBe(1);
    expect(server.log.lines.filter((line) => line.includes("(token-replayed)"))).toHaveLength(3);
    // A fresh form goes through.
    expect((await postForm(`${server.url}/contact`, formFields(server.token()))).status).toBe(303);
    expect(await server.leadCount()).toBe(2);
  } finally {
    await server.close();
  }
});

test("an asterisk or absolute request target is answered with the site's 400", async () => {
  const { log, lines } = recordingServerLog();
  const server = await startBuiltApp({ log });
  const port = Number(new URL(server.url).port);
  try {
    const malformed = await rawExchange(
      port,
      "GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    expect(statusOf(malformed)).toBe(400);
    const body = malformed.slice(malformed.indexOf("\r\n\r\n") + 4);
    for (const target of ["*", "http://x/about"]) {
      for (const method of ["GET", "OPTIONS"]) {
        const answer = await rawExchange(
          port,
          `${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        );
        expect(statusOf(answer), `${method} ${target}`).toBe(400);
        expect(answer.slice(answer.indexOf("\r\n\r\n") + 4), `${method} ${target}`).toBe(body);
        expect(answer).not.toContain("Cannot GET");
        expect(answer).toMatch(/\r\nContent-Security-Policy: default-src 'none'/i);
      }
    }
    expect(errorLines(lines)).toEqual([]);
  } finally {
    server.close();
  }
});

test("HEAD on a server-rendered page answers with the same headers as GET", async ({ baseURL }) => {
  // What may differ: the date, the nonce, how the connection is kept, and what
  // is only known once the body is written (RFC 9110, 9.3.2): its length,
  // chunking and compression.
  const varying = new Set([
    "date",
    "content-security-policy",
    "connection",
    "keep-alive",
    "content-length",
    "transfer-encoding",
    "content-encoding",
  ]);
  const headersOf = async (method: string, path: string) => {
    const response = await fetch(`${baseURL}${path}`, { method, redirect: "manual" });
    await response.arrayBuffer();
    return {
      status: response.status,
      headers: Object.fromEntries([...response.headers].filter(([name]) => !varying.has(name))),
    };
  };
  for (const path of ["/", "/events", "/contact", "/no-such-page", "/services/cybersecurity"]) {
    const get = await headersOf("GET", path);
    const head = await headersOf("HEAD", path);
    // A page-cache entry may expire between two requests (its s-maxage and
    // ETag then change): HEAD matches the GET before it or the one after it.
    const getAfter = await headersOf("GET", path);
    expect([get, getAfter], path).toContainEqual(head);
    if (get.status !== 301) {
      expect(head.headers["content-type"], path).toBe("text/html; charset=utf-8");
      expect(head.headers["vary"], path).toBe("Accept-Encoding");
    }
  }
});

test.describe("paths the catch-all route cannot match", () => {
  const paths = ["/%0a", "/%0d", "/a%0ab", "/%E2%80%A8", "/blog/%0a"];

  test("get the not-found page with 404, and no error in the log", async () => {
    const { log, lines } = recordingServerLog();
    const server = await startBuiltApp({ log });
    try {
      const plain = await (await fetch(`${server.url}/no-such-page`)).text();
      const title = /<title>[^<]*<\/title>/.exec(plain)?.[0];
      expect(title).toBe("<title>Page not found | Corvanta Digital</title>");
      for (const path of paths) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path).toBe(404);
        const html = await response.text();
        expect(html, path).toContain(title);
        expect(html, path).toContain("We couldn’t find that page");
        expect(html, path).not.toContain("Error 500");
        expect(html, path).toContain('<meta name="robots" content="noindex"/>');
      }
      expect(errorLines(lines)).toEqual([]);
    } finally {
      server.close();
    }
  });

  test("stay the not-found page once React has hydrated it", async ({ page }) => {
    const server = await startBuiltApp();
    try {
      // The root's boundary renders it, so the page never sets the hydration mark: wait for the scripts instead.
      const response = await page.goto(`${server.url}/a%0ab`, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(/^Page not found \| /);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "We couldn’t find that page",
      );
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeAttached();
      // The links are the router's once it runs: following one is a client-side navigation.
      await page.locator("main").getByRole("link", { name: "Contact us" }).click();
      await expect(page).toHaveURL(`${server.url}/contact`);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(
        "We couldn’t find that page",
      );
    } finally {
      server.close();
    }
  });
});
