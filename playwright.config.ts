import { defineConfig } from "@playwright/test";
import { assertChromiumInstalled, chromiumArgs, chromiumPath, viewports } from "./tests/browser";

assertChromiumInstalled();

const port = Number(process.env.E2E_PORT ?? 3100);

// Every test runs against the production build (`npm run test:e2e` builds it
// first when it is missing or stale), at a phone and a desktop width.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "mobile", use: { viewport: viewports.mobile, isMobile: true, hasTouch: true } },
    { name: "desktop", use: { viewport: viewports.desktop } },
  ],
  webServer: {
    command: "node build/server/main.js",
    url: `http://127.0.0.1:${port}/healthz`,
    env: { PORT: String(port), HOST: "127.0.0.1" },
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
