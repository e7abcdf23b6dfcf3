import { chromium } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { readPublicPaths } from "~/site/pages.server";
import { assertChromiumInstalled, chromiumArgs, chromiumPath, viewports } from "../tests/browser";

/**
 * Full-page screenshots of every page at 390x844 and 1440x900, for review by
 * eye. Usage: start the site (`npm start`), then `npm run screenshots`
 * (BASE_URL defaults to http://localhost:3000). Files go to screenshots/.
 * ONLY=/,/about,/portfolio/ledgerloop takes just those pages (comma-separated).
 * COLOR_SCHEME=dark takes them in the dark theme (files end in -dark).
 */
const baseUrl = process.env.BASE_URL ?? "http://localhost:3000";
const dark = process.env.COLOR_SCHEME === "dark";
const only = process.env.ONLY?.split(",").filter(Boolean);
const paths = only ?? [...readPublicPaths(), "/contact?sent=1", "/services", "/no-such-page"];

assertChromiumInstalled();
mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const [name, viewport] of Object.entries(viewports)) {
  const page = await browser.newPage({ viewport, colorScheme: dark ? "dark" : "light" });
  for (const path of paths) {
    await page.goto(baseUrl + path, { waitUntil: "networkidle" });
    // Images load lazily (decision 062): scroll through the page, as a
    // visitor would, so every one is on the screenshot; then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    // The whole page laid out, as a visitor scrolling through sees it: sections
    // off the screen are not rendered until they come near it (app/app.css), and
    // a full-page capture would show them blank.
    await page.evaluate(() => {
      document.documentElement.dataset.fullLayout = "";
    });
    const file = `screenshots/${name}${path === "/" ? "-home" : path.replaceAll(/[/?=]/g, "-")}${dark ? "-dark" : ""}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
