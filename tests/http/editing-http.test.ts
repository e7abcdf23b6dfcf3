import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { paths } from "~/config/paths";
import { editingApiPolicy, editingPagePolicy } from "~/features/editing/editing-policy";
import { siteUrl } from "~/config/site-url";
import { createApp } from "../../server/http/app";
import { contentSecurityPolicy } from "../../server/http/security-headers";
import { rawRequest } from "../e2e/contact-support";

/**
 * The editing UI in a production build (docs/decisions/081): off, with
 * nothing configured, its pages and API are the site's 404 under the site's
 * own policy; on (GitHub mode, Keystatic's variables), its pages carry their
 * own looser policy and every other page keeps the site's, unchanged.
 */

const githubSettings = {
  KEYSTATIC_GITHUB_CLIENT_ID: "Iv1.testclientid",
  KEYSTATIC_GITHUB_CLIENT_SECRET: "test-client-secret",
  KEYSTATIC_SECRET: "a-test-secret-of-at-least-forty-characters-0123456789",
  KEYSTATIC_GITHUB_REPO: "corvanta/website",
};
const settingNames = Object.keys(githubSettings) as (keyof typeof githubSettings)[];

/** The site's policy (server/http/security-headers.ts) for a response rendered with `nonce`. */
const sitePolicy = (csp: string | null) => {
  const nonce = /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  return contentSecurityPolicy({ inlineScripts: nonce ? [`'nonce-${nonce}'`] : [], https: false });
};

let origin: string;
let close: () => void;
/** Nothing configured, whatever the machine's environment holds; or GitHub mode's settings. */
const configure = (settings: Partial<Record<(typeof settingNames)[number], string>> = {}) => {
  for (const name of settingNames) vi.stubEnv(name, settings[name]);
};
beforeEach(() => configure());
beforeAll(async () => {
  const build = (await import(
    pathToFileURL(path.resolve("build/server/index.js")).href
  )) as ServerBuild;
  const server = createApp({ build, clientDir: path.resolve("build/client") }).listen(
    0,
    "127.0.0.1",
  );
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => {
    server.closeAllConnections();
    server.close();
  };
});
afterAll(() => close?.());
afterEach(() => {
  vi.unstubAllEnvs();
});

const get = (pathname: string, init?: RequestInit) =>
  fetch(origin + pathname, { redirect: "manual", ...init });

describe("editing with nothing configured", () => {
  test("the editing pages are the site's 404 page, under the site's own policy", async () => {
    for (const pathname of [paths.editing, `${paths.editing}/collection/posts/create`]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      const csp = response.headers.get("content-security-policy");
      expect(csp).toBe(sitePolicy(csp));
      expect(csp).toContain("'nonce-");
      const html = await response.text();
      expect(html).toContain("<title>Page not found | Corvanta Digital</title>");
      expect(html.includes("Edit the site"), "the editing page's title").toBe(false);
    }
  });

  test("its API answers 404 to reads, saves and sign-ins", async () => {
    for (const [method, pathname] of [
      ["GET", `${paths.editingApi}/tree`],
      ["GET", `${paths.editingApi}/github/login`],
      ["POST", `${paths.editingApi}/update`],
    ] as const) {
      const response = await get(pathname, {
        method,
        headers: { "no-cors": "1" },
        ...(method === "POST" ? { body: "{}" } : {}),
      });
      expect(response.status, `${method} ${pathname}`).toBe(404);
    }
  });

  test("the site's pages keep the site's policy, one header of it", async () => {
    for (const pathname of ["/no-such-page", paths.contact]) {
      const response = await get(pathname);
      const csp = response.headers.get("content-security-policy");
      expect(csp, pathname).not.toContain(",");
      expect(csp?.split("; ")).toEqual(expect.arrayContaining(["default-src 'none'"]));
      expect(csp).not.toContain("unsafe-inline");
    }
    const notFound = (await get("/no-such-page")).headers.get("content-security-policy");
    expect(notFound).toBe(sitePolicy(notFound));
  });
});

describe("editing in GitHub mode", () => {
  test("the UI answers with its own policy and the API signs in through GitHub", async () => {
    configure(githubSettings);
    const page = await get(paths.editing);
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy");
    const nonce = /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
    expect(csp).toBe(editingPagePolicy(nonce));
    expect(page.headers.get("x-robots-tag")).toBe("noindex");

    const login = await get(`${paths.editingApi}/github/login`);
    expect(login.status).toBe(307);
    const to = new URL(login.headers.get("location") ?? "");
    expect(to.origin + to.pathname).toBe("https://github.com/login/oauth/authorize");
    expect(to.searchParams.get("client_id")).toBe(githubSettings.KEYSTATIC_GITHUB_CLIENT_ID);
    expect(login.headers.get("content-security-policy")).toBe(editingApiPolicy);
    // Saving to the server's disk is dev's local mode only.
    expect((await get(`${paths.editingApi}/tree`, { headers: { "no-cors": "1" } })).status).toBe(
      404,
    );
  });

  test("every other page keeps the site's policy", async () => {
    configure(githubSettings);
    const response = await get("/no-such-page");
    const csp = response.headers.get("content-security-policy");
    expect(csp).toBe(sitePolicy(csp));
  });

  test("a repository setting that is not owner/name leaves editing off", async () => {
    configure({ ...githubSettings, KEYSTATIC_GITHUB_REPO: "website" });
    expect((await get(paths.editing)).status).toBe(404);
  });
});

describe("the editing paths' methods (issue 41, defect 7)", () => {
  test("anything but GET, HEAD and the API's POST is 405 with Allow, editing on or off", async () => {
    for (const settings of [{}, githubSettings]) {
      configure(settings);
      for (const [method, pathname, allow] of [
        ["TRACE", paths.editing, "GET, HEAD"],
        ["TRACE", `${paths.editing}/collection/posts`, "GET, HEAD"],
        ["PUT", paths.editing, "GET, HEAD"],
        ["TRACE", `${paths.editingApi}/github/login`, "GET, HEAD, POST"],
        ["DELETE", `${paths.editingApi}/update`, "GET, HEAD, POST"],
        ["PROPFIND", `${paths.editingApi}/tree`, "GET, HEAD, POST"],
      ] as const) {
        const answer = await rawRequest(origin + pathname, { method });
        expect(answer.status, `${method} ${pathname}`).toBe(405);
        expect(answer.headers.allow, `${method} ${pathname}`).toBe(allow);
      }
    }
    // What Keystatic's API uses still reaches it.
    configure(githubSettings);
    const refresh = await fetch(`${origin}${paths.editingApi}/github/refresh-token`, {
      method: "POST",
    });
    expect(refresh.status).toBe(401);
  });
});

describe("GitHub mode's sign-in (issue 41, defect 10)", () => {
  /** Every request the server makes to GitHub while `work` runs, none of them sent. */
  async function callsToGitHub(work: () => Promise<void>): Promise<string[]> {
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith("https://github.com/") && !url.startsWith("https://api.github.com/")) {
        return realFetch(input, init);
      }
      calls.push(url);
      return Promise.resolve(new Response("{}", { status: 401 }));
    });
    try {
      await work();
    } finally {
      spy.mockRestore();
    }
    return calls;
  }

  test("a callback without the state its sign-in set calls no one, and names no secret", async () => {
    configure(githubSettings);
    const calls = await callsToGitHub(async () => {
      for (const query of ["code=abc", "code=abc&state=0123456789abcdef0123", "code=abc&state="]) {
        const answer = await get(`${paths.editingApi}/github/oauth/callback?${query}`, {
          headers: { cookie: "ks-other=x" },
        });
        expect(answer.status, query).toBe(400);
        expect(await answer.text()).not.toContain(githubSettings.KEYSTATIC_GITHUB_CLIENT_SECRET);
      }
    });
    expect(calls).toEqual([]);
  });

  test("a callback with the state its own sign-in set goes on to GitHub", async () => {
    configure(githubSettings);
    const login = await get(`${paths.editingApi}/github/login`);
    const state = new URL(login.headers.get("location") ?? "").searchParams.get("state");
    expect(state).toMatch(/^[0-9a-f]{20,}$/);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(cookie).toContain(`ks-${state}=`);
    const calls = await callsToGitHub(async () => {
      const answer = await get(
        `${paths.editingApi}/github/oauth/callback?code=abc&state=${state}`,
        {
          headers: { cookie },
        },
      );
      expect(answer.status).toBe(401);
    });
    expect(calls.map((url) => new URL(url).pathname)).toEqual(["/login/oauth/access_token"]);
  });

  test("every way to GitHub's sign-in sets a state; the App installation's window closes unexchanged", async () => {
    configure(githubSettings);
    for (const pathname of [
      "github/login",
      "github/login?from=branch/main",
      "github/repo-not-found",
    ]) {
      const answer = await get(`${paths.editingApi}/${pathname}`);
      expect(answer.status, pathname).toBe(307);
      const state = new URL(answer.headers.get("location") ?? "").searchParams.get("state");
      expect(state, pathname).toMatch(/^[0-9a-f]{20}$/);
      expect(answer.headers.getSetCookie().join("\n"), pathname).toContain(`ks-${state}=`);
    }
    const calls = await callsToGitHub(async () => {
      const answer = await get(`${paths.editingApi}/github/oauth/callback?code=abc&state=close`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("window.close()");
    });
    expect(calls).toEqual([]);
  });

  test("the redirect_uri GitHub is given comes from SITE_URL, whatever the Host header", async () => {
    configure(githubSettings);
    for (const host of ["evil.example", "127.0.0.1"]) {
      const login = await rawRequest(`${origin}${paths.editingApi}/github/login?from=branch/main`, {
        method: "GET",
        headers: { host },
      });
      expect(login.status, host).toBe(307);
      const to = new URL(String(login.headers.location));
      expect(to.searchParams.get("redirect_uri"), host).toBe(
        new URL(`${paths.editingApi}/github/oauth/callback`, siteUrl).toString(),
      );
    }
  });
});
