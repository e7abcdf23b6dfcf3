import { chromium, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { assertChromiumInstalled, chromiumArgs, chromiumPath } from "../tests/browser";

/**
 * The screenshots docs/design-review.md shows for issue 30's findings, before
 * and after: every page type's first screen at 390x844 and 1440x900, home,
 * contact and a service page at 320x568 and 768x1024 too, and home whole on
 * a phone and a tablet (its length there was a finding). PNG: the file tools
 * and viewers that read the review all show it.
 *
 * Usage: start a build (`npm start`, or an older commit's), then
 * `npx tsx scripts/design-review-shots.ts before|after` (BASE_URL defaults to
 * http://localhost:3000). Files go to docs/design-review/<stage>/.
 */
const stage = process.argv[2];
if (stage !== "before" && stage !== "after") {
  console.error("Usage: npx tsx scripts/design-review-shots.ts before|after");
  process.exit(2);
}
const baseUrl = process.env.BASE_URL ?? "http://localhost:3000";
const outDir = `docs/design-review/${stage}`;

const pageTypes = [
  "/",
  "/about",
  "/portfolio",
  "/portfolio/ledgerloop",
  "/services/cyber-security",
  "/blog",
  "/blog/reconciliation-at-scale",
  "/events",
  "/events/reconciliation-round-table-london",
  // Open, with nobody registered yet ("0 of 300 places are taken" before).
  "/events/genomics-data-platforms-webinar",
  "/contact",
  "/services",
];
const tightScreens = ["/", "/contact", "/services/cyber-security"];

type Shot = { path: string; width: number; height: number; whole?: boolean; dark?: boolean };
const shots: Shot[] = [
  ...pageTypes.flatMap((path) => [
    { path, width: 390, height: 844 },
    { path, width: 1440, height: 900 },
  ]),
  ...tightScreens.flatMap((path) => [
    { path, width: 320, height: 568 },
    { path, width: 768, height: 1024 },
  ]),
  ...[390, 768].map((width) => ({ path: "/", width, height: 900, whole: true })),
  // Dark mode did not exist before; its pictures are taken after only.
  ...(stage === "after"
    ? ["/", "/contact", "/blog/reconciliation-at-scale"].flatMap((path) => [
        { path, width: 390, height: 844, dark: true },
        { path, width: 1440, height: 900, dark: true },
      ])
    : []),
];

async function layOutEverything(page: Page) {
  // Images load lazily: scroll through as a visitor would, then back to the top.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
    // Sections off the screen are not rendered until near it (app/app.css).
    document.documentElement.dataset.fullLayout = "";
  });
}

assertChromiumInstalled();
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const shot of shots) {
  const page = await browser.newPage({
    viewport: { width: shot.width, height: shot.height },
    colorScheme: shot.dark ? "dark" : "light",
    reducedMotion: "reduce",
  });
  await page.goto(baseUrl + shot.path, { waitUntil: "networkidle" });
  if (shot.whole) await layOutEverything(page);
  const name = shot.path === "/" ? "home" : shot.path.slice(1).replaceAll("/", "-");
  const file = `${outDir}/${name}-${shot.width}x${shot.whole ? "whole" : shot.height}${shot.dark ? "-dark" : ""}.png`;
  await page.screenshot({ path: file, fullPage: shot.whole });
  console.log(file);
  await page.close();
}
await browser.close();
