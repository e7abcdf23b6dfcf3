import { existsSync } from "node:fs";

/**
 * The browser the scripts drive (Lighthouse, screenshots, benchmarks): Debian's
 * Chromium (never a downloaded build). CHROME_PATH overrides the path.
 */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * The browser the Playwright tests drive: Debian's `chromium-headless-shell`
 * when it is installed (`.ci/run` installs it), else the Chromium above. It is
 * the same Chromium release built as the headless shell, the build Playwright
 * itself runs headless tests on; the full browser in headless mode took about
 * twice as long per test on this 2-core machine (docs/decisions/078).
 */
const headlessShellPath = "/usr/bin/chromium-headless-shell";
export const testChromiumPath =
  process.env.CHROME_PATH ?? (existsSync(headlessShellPath) ? headlessShellPath : chromiumPath);

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function assertChromiumInstalled(path = chromiumPath): void {
  if (existsSync(path)) return;
  throw new Error(
    `Chromium was not found at ${path}.\n` +
      "Install Debian's Chromium with: sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n" +
      "or point CHROME_PATH at a Chromium or Chrome binary.",
  );
}

/** The two viewports the site is tested and reviewed at. */
export const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
