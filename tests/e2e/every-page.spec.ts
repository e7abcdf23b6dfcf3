import axe from "axe-core";
import { readPublicPaths } from "~/site/pages.server";
import { pageTypes } from "../support/page-types";
import type { Page } from "@playwright/test";
import {
  desktopMenu,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  layOutInFull,
  recordPolicyViolations,
  test,
} from "./fixtures";

/*
 * Every page on a phone, and one page of each type on a desktop as well, with
 * every check that must hold on all of them. One visit serves them all: a
 * visit (load and hydration) costs about as much as a check, and these were
 * seven sweeps of the pages at both widths (issue 26). Pages of one type share
 * their layout, so a second width adds little past the first page of a type;
 * the phone, the width most visitors use and the one whose layout is tightest,
 * sees every page.
 *
 * 1. It loads and hydrates with no error: React reports a hydration mismatch
 *    (and renders the page again from scratch) as an error, however the
 *    page's data came.
 * 2. Its modules are requested only after the stylesheet, once a frame was
 *    painted (docs/decisions/062).
 * 3. Nothing moves once it is on the screen: loading and hydration shift
 *    the layout by less than 0.0005, read from the browser's own record (the
 *    Layout Instability API, CLS's source). A first visit draws in the
 *    fallback font throughout (decision 074); the font swap it made before
 *    moved a line break on three pages.
 * 4. Its menus work (they open only once React and Radix have hydrated
 *    them), and nothing on the page broke the Content-Security-Policy.
 * 5. axe finds no violations: contrast, target sizes and the menus differ
 *    with the width. One page of each type is checked in the dark theme too
 *    (issue 30), the system's scheme switched in the same visit.
 * 6. On a phone (390x844), issue 16's page that ends: home at most ten
 *    screens, every other page at most fourteen, with every section laid out.
 * 7. At 320 px, the narrowest phone in use, nothing scrolls sideways; and at
 *    390, 320, 768 and 1440 px no element pokes out of its parent sideways
 *    (issue 30), in the same visit, the window resized.
 */
const notFoundPath = "/no-such-page";
const pages = [...readPublicPaths(), notFoundPath];
const screens = { home: 10, any: 14 };
// One page of each type runs at both widths, and but for the 404 in `npm run test:quick`.
const pageTypeSet = new Set<string>([...pageTypes, notFoundPath]);

type LayoutShift = { value: number; startTime: number; sources: string[] };

for (const path of pages) {
  test(`${path}: loads without an error, a layout shift or a policy violation, works its menus and passes axe; on a phone, ends in time and fits 320 px ${pageTypeSet.has(path) ? `@both-widths${path === notFoundPath ? "" : " @smoke"}` : "@phone"}`, async ({
    page,
    viewportKind,
  }) => {
    await page.addInitScript(() => {
      const shifts: LayoutShift[] = [];
      const record = window as unknown as { layoutShifts: LayoutShift[]; parsedFrame: number };
      record.layoutShifts = shifts;
      // Chromium may paint a half-parsed document on a loaded machine (its
      // menu still growing); the first frame after parsing then reports that
      // shift, timed after the frame's own start. Shifts count from the
      // second frame after parsing: hydration, the subject, comes later still.
      document.addEventListener("DOMContentLoaded", () =>
        requestAnimationFrame(() =>
          requestAnimationFrame((frameTime) => (record.parsedFrame = frameTime)),
        ),
      );
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: {
            node?: Node | null;
            previousRect: DOMRectReadOnly;
            currentRect: DOMRectReadOnly;
          }[];
        })[]) {
          shifts.push({
            value: entry.value,
            startTime: entry.startTime,
            sources: (entry.sources ?? []).map((source) => {
              const node =
                source.node instanceof Element
                  ? `${source.node.tagName.toLowerCase()}.${source.node.className}`
                  : String(source.node?.nodeName);
              const rect = ({ x, y, width, height }: DOMRectReadOnly) =>
                [x, y, width, height].map(Math.round).join(",");
              return `${node} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`;
            }),
          });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const policyViolations = await recordPolicyViolations(page);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      // The not-found page's own 404 is the one error a browser logs by itself.
      if (message.type() === "error" && !/status of 404/.test(message.text())) {
        errors.push(message.text());
      }
    });

    // 1. and 2.
    await gotoHydrated(page, path);
    expect(errors).toEqual([]);
    const timings = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      return {
        stylesheetEnd: Math.max(
          ...resources
            .filter((entry) => entry.name.endsWith(".css"))
            .map((entry) => entry.responseEnd),
        ),
        firstModuleStart: Math.min(
          ...resources
            .filter((entry) => new URL(entry.name).pathname.match(/^\/assets\/.*\.js$/))
            .map((entry) => entry.startTime),
        ),
        firstPaint: performance.getEntriesByName("first-paint")[0]?.startTime,
      };
    });
    expect(Number.isFinite(timings.firstModuleStart), "the page loaded its modules").toBe(true);
    expect(timings.firstPaint, "a frame was painted").toBeDefined();
    expect(timings.firstModuleStart).toBeGreaterThanOrEqual(timings.stylesheetEnd);

    // 3.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );
    const { shifts, parsedFrame } = await page.evaluate(() => {
      const { layoutShifts, parsedFrame } = window as unknown as {
        layoutShifts: LayoutShift[];
        parsedFrame: number;
      };
      return { shifts: layoutShifts, parsedFrame };
    });
    expect(parsedFrame, "a frame was drawn after parsing").toBeGreaterThan(0);
    const afterParsing = shifts.filter((shift) => shift.startTime > parsedFrame);
    const total = afterParsing.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify({ parsedFrame, shifts })).toBeLessThan(0.0005);

    // 4.
    if (viewportKind === "desktop") {
      const trigger = desktopMenu(page).getByRole("button", { name: "Services" });
      await trigger.focus();
      await page.keyboard.press("Enter");
      await expect(trigger).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Escape");
      await expect(trigger).toHaveAttribute("aria-expanded", "false");
    } else {
      const button = page.getByRole("button", { name: "Menu", exact: true });
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Escape");
      await expect(button).toHaveAttribute("aria-expanded", "false");
    }
    expect(await policyViolations(), "Content-Security-Policy violations").toEqual([]);

    // 5. The dark theme on one page of each type: its pages share its layout.
    await expectNoAxeViolations(page);
    if (pageTypeSet.has(path)) await expectNoAxeViolationsInDark(page);
    if (viewportKind !== "mobile") return;

    // 6.
    const viewport = page.viewportSize()!;
    await layOutInFull(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await layOutInFull(page, false);
    // Reported with the run, so docs/design-review.md can quote the measure.
    test.info().annotations.push({
      type: "height",
      description: `${path}: ${height} px (${(height / viewport.height).toFixed(2)} screens)`,
    });
    if (path !== notFoundPath) {
      const limit = (path === "/" ? screens.home : screens.any) * viewport.height;
      expect(height, `${path} on a ${viewport.width}x${viewport.height} phone`).toBeLessThanOrEqual(
        limit,
      );
    }

    // 7.
    await page.setViewportSize({ width: 320, height: 720 });
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const scrollWidth = document.documentElement.scrollWidth;
      // Named only when the page overflows: clipped art may extend past the edge harmlessly.
      const culprits =
        scrollWidth <= width
          ? []
          : [...document.body.querySelectorAll("*")]
              .filter((element) => element.getBoundingClientRect().right > width + 0.5)
              .slice(0, 5)
              .map((element) =>
                `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120),
              );
      return { width, scrollWidth, culprits };
    });
    expect(
      overflow.scrollWidth,
      `wider than 320 px: ${overflow.culprits.join(", ")}`,
    ).toBeLessThanOrEqual(overflow.width);

    await layOutInFull(page);
    for (const width of [320, viewport.width, 768, 1440]) {
      await page.setViewportSize({ width, height: viewport.height });
      expect(await elementsOutsideTheirParent(page), `at ${width} px`).toEqual([]);
    }
  });
}

/**
 * axe's colour rules in the dark theme, the system's scheme switched in the
 * same visit (issue 30). The page was scanned in full in the light theme just
 * before, and the theme changes colours only (app/app.css: light-dark()
 * tokens): the rules that read the DOM, names and roles would find the same.
 * The rules are axe's own colour category, less its AAA contrast rule, which
 * axe does not run by default.
 */
const colourRules = axe
  .getRules(["cat.color"])
  .map((rule) => rule.ruleId)
  .filter((rule) => rule !== "color-contrast-enhanced");

async function expectNoAxeViolationsInDark(page: Page) {
  await page.emulateMedia({ colorScheme: "dark" });
  // Colours that transition (links, the menu) would go on changing for 200 ms
  // after the switch, and not at all in a section off the screen: ended at once.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSTransition) animation.finish();
    }
  });
  await expectNoAxeViolations(page, { rules: colourRules });
  await page.emulateMedia({ colorScheme: "light" });
}

/**
 * Elements whose box reaches past their parent's left or right edge, where no
 * ancestor clips or scrolls it: a label running past its tile's border, a
 * button pushed out of its row. Positioned elements (badges, stretched links,
 * decoration) and the insides of drawings are placed on purpose.
 */
async function elementsOutsideTheirParent(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            // Whether an ancestor clips or scrolls sideways, memoized: one style read per element.
            const clips = new Map<Element, boolean>();
            const clipped = (element: Element): boolean => {
              const parent = element.parentElement;
              if (!parent || parent === document.body) return false;
              let known = clips.get(parent);
              if (known === undefined) {
                known = getComputedStyle(parent).overflowX !== "visible" || clipped(parent);
                clips.set(parent, known);
              }
              return known;
            };
            const found: string[] = [];
            for (const element of document.body.querySelectorAll("*")) {
              const parent = element.parentElement;
              if (!parent || (element.closest("svg") && element.localName !== "svg")) continue;
              const style = getComputedStyle(element);
              if (
                style.display === "none" ||
                style.position === "absolute" ||
                style.position === "fixed"
              ) {
                continue;
              }
              const box = element.getBoundingClientRect();
              if (box.width === 0 || box.height === 0) continue;
              const outer = parent.getBoundingClientRect();
              if ((box.right > outer.right + 1 || box.left < outer.left - 1) && !clipped(element)) {
                const text = element.textContent?.trim().slice(0, 30) ?? "";
                found.push(
                  `${element.localName}.${String(element.className).slice(0, 60)} "${text}"`,
                );
              }
            }
            resolve(found);
          }),
        ),
      ),
  );
}
