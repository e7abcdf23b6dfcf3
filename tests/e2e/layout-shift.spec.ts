import { pageTypes } from "../support/page-types";
import { expect, gotoHydrated, test } from "./fixtures";

/*
 * Nothing moves once it is on the screen: every page type, at both widths,
 * loads, swaps in its web font after the first paint (the fallback is
 * metric-matched per weight, decision 069) and hydrates with a cumulative
 * layout shift of 0.000. The browser's own record of shifts (the Layout
 * Instability API, the source of CLS) is read after all of that.
 */

for (const path of pageTypes) {
  test(`${path}: no layout shift while it loads, swaps fonts and hydrates @both-widths`, async ({
    page,
  }) => {
    // Registered before any script of the page runs, buffered from the start.
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: { node?: Node | null }[];
        })[]) {
          // Every shift counts, hadRecentInput or not: the test gives no input,
          // yet Chromium flags shifts in an automated page as after input.
          shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map((source) =>
              source.node instanceof Element
                ? `${source.node.tagName.toLowerCase()}.${source.node.className}`
                : String(source.node?.nodeName),
            ),
          });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await gotoHydrated(page, path);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Two frames, so a shift from the last style change is recorded.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );
    const shifts = await page.evaluate(
      () =>
        (window as unknown as { layoutShifts: { value: number; sources: string[] }[] })
          .layoutShifts,
    );
    // CLS as Lighthouse reports it, to three decimals: 0.000. Under load the
    // font swap can still nudge a hero's text by a fraction of a pixel (about
    // 0.0002 seen); anything a visitor could notice is far above this.
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.0005);
  });
}
