import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { headerOffsetPx } from "~/config/constants";
import { createApp, type AppOptions } from "../../server/http/app";

export { expect };

/** A message that must never reach a visitor: the error view hides it. */
export const INJECTED_FAILURE = "Injected failure: the error view test";

type Fixtures = {
  /** Which of the two viewports this project runs at. */
  viewportKind: "mobile" | "desktop";
  /** The fixed header's height at this viewport, from app/config/constants.ts. */
  headerOffset: number;
};

type WorkerFixtures = {
  /**
   * The production build served by the production app, with one route's
   * loader made to throw. The fault lives only in this test process: nothing a
   * visitor can reach on the real server causes it.
   */
  faultyServerUrl: string;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  viewportKind: async ({}, use, testInfo) => {
    await use(testInfo.project.name === "mobile" ? "mobile" : "desktop");
  },
  headerOffset: async ({ viewportKind }, use) => {
    await use(headerOffsetPx[viewportKind]);
  },
  faultyServerUrl: [
    async ({}, use) => {
      const buildUrl = pathToFileURL(path.resolve("build/server/index.js")).href;
      const build = (await import(buildUrl)) as ServerBuild;
      const events = build.routes["routes/events"];
      if (!events) throw new Error("the build has no routes/events route");
      const failingEvents = {
        ...events,
        module: {
          ...events.module,
          loader: () => {
            throw new Error(INJECTED_FAILURE);
          },
        },
      };
      const app = createApp({
        build: { ...build, routes: { ...build.routes, "routes/events": failingEvents } },
        clientDir: path.resolve("build/client"),
      });
      const server = app.listen(0, "127.0.0.1");
      await once(server, "listening");
      const { port } = server.address() as AddressInfo;
      await use(`http://127.0.0.1:${port}`);
      server.close();
    },
    { scope: "worker" },
  ],
});

/** Opens a page and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, url: string, options?: Parameters<Page["goto"]>[1]) {
  const response = await page.goto(url, options);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

/**
 * Lays every section out (`data-full-layout`, app/app.css), as a visitor who
 * scrolls through sees the page, or, with `false`, hands them back to
 * content-visibility: sections off the screen are otherwise not rendered and
 * stand in at an estimated height.
 */
export async function layOutInFull(page: Page, full = true) {
  await page.evaluate((on) => {
    if (on) document.documentElement.dataset.fullLayout = "";
    else delete document.documentElement.dataset.fullLayout;
  }, full);
}

/**
 * Runs axe on the page as it is now and fails with each violation's id and
 * targets. `include` scans one part only, for a test that changed only that
 * part of a page whose resting state is scanned already; `rules` runs only
 * those rules, for a page scanned in full already whose colours alone changed.
 */
export async function expectNoAxeViolations(
  page: Page,
  { include, rules }: { include?: string; rules?: string[] } = {},
) {
  // axe cannot read the colours of text that was never laid out.
  await layOutInFull(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  if (rules) builder.withRules(rules);
  // Legacy mode runs axe in the page in one call. The default mode runs it in
  // parts and opens a new page to join them, for cross-origin frames, which
  // this site has none of: that took each scan from 1.5 to 3-4 s (issue 26).
  // Only violations are reported with their nodes: gathering every passing
  // node's details as well took half of each scan's time (issue 26).
  const results = await builder
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  await layOutInFull(page, false);
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(violations).toEqual([]);
}

/**
 * Waits until the element with this id sits just below the fixed header, as a
 * hash link must leave it (the scroll may be smooth, so this polls).
 */
export async function expectSectionBelowHeader(page: Page, id: string, headerOffset: number) {
  await expect
    .poll(() =>
      page
        .locator(`[id="${id}"]`)
        .evaluate((element) => Math.round(element.getBoundingClientRect().top)),
    )
    .toBe(headerOffset);
}

export function desktopMenu(page: Page) {
  return page.getByRole("banner").getByRole("navigation", { name: "Main" });
}

export function footer(page: Page) {
  return page.getByRole("contentinfo");
}

/**
 * Clicks an element far down the page once nothing is moving it. Two things
 * can, between Playwright's check of what is under the pointer and the click,
 * and the click then lands beside the link:
 * - the smooth scroll to the top that follows every client-side navigation
 *   (spec section 2) runs on for a second or two on a long page, and an
 *   instant scroll to the element does not end it (1 of 60 repeats of a
 *   footer-link test on a busy machine, 2026-11-28: mousedown on the link,
 *   mouseup 125 px further on, on the section below);
 * - the scroll lays out the content-visibility sections it passes
 *   (app/app.css), and their real heights move the element (3 of 20 repeats,
 *   2026-11-27).
 * So it waits for the page and the element to hold still for several frames,
 * before scrolling to the element and again after.
 */
export async function clickWhenSettled(target: Locator) {
  await expectStill(target);
  await target.scrollIntoViewIfNeeded();
  await expectStill(target);
  await target.click();
}

/** The window's scroll position and the element's place hold for six frames in a row. */
async function expectStill(target: Locator) {
  await expect
    .poll(() =>
      target.evaluate(
        (element) =>
          new Promise<boolean>((resolve) => {
            const place = () => `${window.scrollY} ${element.getBoundingClientRect().top}`;
            const before = place();
            let frames = 0;
            const next = () => {
              if (place() !== before) resolve(false);
              else if (++frames === 6) resolve(true);
              else requestAnimationFrame(next);
            };
            requestAnimationFrame(next);
          }),
      ),
    )
    .toBe(true);
}

/**
 * Opens the footer's folded columns, as a visitor on a phone taps them open
 * (from md up they are always open and have no toggle). A client-side
 * navigation keeps them open: the footer stays in the page.
 */
export async function openFooterColumns(page: Page) {
  for (const column of await footer(page).locator("details").all()) {
    const toggle = column.locator("summary");
    if (
      (await toggle.isVisible()) &&
      !(await column.evaluate((element) => element.hasAttribute("open")))
    ) {
      await toggle.click();
    }
  }
}

/**
 * The production app over the production build, in this test process, on a
 * free port, with options a test chooses (a limit, an https origin, a
 * readiness check). The real server process is tested in server-process.spec.ts.
 */
export async function startBuiltApp(
  options: Omit<AppOptions, "build" | "clientDir" | "viteMiddleware"> = {},
) {
  const buildUrl = pathToFileURL(path.resolve("build/server/index.js")).href;
  const build = (await import(buildUrl)) as ServerBuild;
  const app = createApp({ build, clientDir: path.resolve("build/client"), ...options });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * Every CSP violation reported by every page this tab loads, as
 * "directive blocked-URI", kept in the test across navigations (for the
 * `npm run dev` tests, which check a run of pages at once).
 */
export async function collectPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void })
        .reportViolation;
      report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

/** Records every CSP violation the page reports, from before its first byte is parsed. */
export async function recordPolicyViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, "__cspViolations", { value: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI} ${event.sample}`);
    });
  });
  const consoleRefusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleRefusals.push(message.text());
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    )),
    ...consoleRefusals,
  ];
}
