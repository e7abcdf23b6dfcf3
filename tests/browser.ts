import { existsSync } from "node:fs";

/**
 * The browser every test and script drives: Debian's Chromium (never a
 * downloaded build). CHROME_PATH overrides the path.
 */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function assertChromiumInstalled(): void {
  if (existsSync(chromiumPath)) return;
  throw new Error(
    `Chromium was not found at ${chromiumPath}.\n` +
      "Install Debian's Chromium with: sudo apt-get update && sudo apt-get install -y chromium\n" +
      "or point CHROME_PATH at a Chromium or Chrome binary.",
  );
}

/** The two viewports the site is tested and reviewed at. */
export const viewports = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
