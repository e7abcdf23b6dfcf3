import { chromium, type Locator, type Page } from "@playwright/test";
import { parseArgs } from "node:util";
import { assertChromiumInstalled, chromiumArgs, chromiumPath, viewports } from "../tests/browser";
import { ensureBuild, startProductionServer } from "./production-server";

/**
 * How soon the page answers the visitor's first tap, on a slow phone: CPU
 * slowed 4x and slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up, Lighthouse's
 * mobile figures) emulated through the DevTools protocol. For each page, the
 * time from the start of navigation until the hamburger opens the menu at
 * 390x844, and until Services opens its dropdown at 1440x900 (clicked as soon
 * as the page is hydrated). Median of --runs runs, each in a fresh context (cold cache).
 * Usage:
 *   npm run bench:interactive -- [--runs 5] [--port 3920] [--build-dir build]
 * `--build-dir` serves another build (say, the commit before a change, built
 * and copied aside) so two builds are compared on the same machine in turn.
 * Figures are for reading, not for asserting: see docs/benchmarks.md.
 */
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    port: { type: "string", default: "3920" },
    "build-dir": { type: "string", default: "build" },
    pages: { type: "string", default: "/,/about,/events,/contact" },
  },
});
const runs = Number(values.runs);
const buildDir = values["build-dir"];

assertChromiumInstalled();
if (buildDir === "build") ensureBuild();

const server = await startProductionServer({
  port: Number(values.port),
  entry: `${buildDir}/server/main.js`,
  env: { LOG_LEVEL: "warn" },
});
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
};

/**
 * From the start of navigation until `control` reports itself open: once the
 * page says React has taken it over (html[data-hydrated], set by app/root.tsx),
 * it is clicked, and the clock stops when aria-expanded turns true.
 */
async function timeUntilOpen(page: Page, url: string, control: (page: Page) => Locator) {
  const started = performance.now();
  await page.goto(url, { waitUntil: "commit" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 120_000 });
  const target = control(page);
  await target.click({ timeout: 60_000 });
  await page.waitForFunction(
    (element) => element?.getAttribute("aria-expanded") === "true",
    await target.elementHandle(),
    { timeout: 60_000 },
  );
  return performance.now() - started;
}

const interactions = [
  {
    label: "Hamburger opens the menu",
    viewport: viewports.mobile,
    control: (page: Page) => page.getByRole("button", { name: "Menu", exact: true }),
  },
  {
    label: "Services opens its dropdown",
    viewport: viewports.desktop,
    control: (page: Page) =>
      page
        .getByRole("banner")
        .getByRole("navigation", { name: "Main" })
        .getByRole("button", { name: "Services" }),
  },
] as const;

const rows: string[] = [];
try {
  for (const pagePath of values.pages.split(",")) {
    for (const { label, viewport, control } of interactions) {
      const samples: number[] = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        samples.push(await timeUntilOpen(page, server.url + pagePath, control));
        await context.close();
      }
      rows.push(
        `| \`${pagePath}\` | ${label} | ${median(samples).toFixed(0)} | ${samples.map((ms) => ms.toFixed(0)).join(", ")} |`,
      );
      console.error(rows.at(-1));
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(
  [
    `Build ${buildDir}; CPU 4x slower, slow 4G (150 ms, 1.6 Mbps); median of ${runs}; ${new Date().toISOString().slice(0, 10)}`,
    "",
    "| Page | Interaction | Median ms | Runs ms |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n"),
);
