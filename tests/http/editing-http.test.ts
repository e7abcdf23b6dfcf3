import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { paths } from "~/config/paths";
import { editingApiPolicy, editingPagePolicy } from "~/features/editing/editing-policy";
import { createApp } from "../../server/http/app";
import { contentSecurityPolicy } from "../../server/http/security-headers";

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
