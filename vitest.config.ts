import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit tests only: they sit beside the code as *.test.ts. The browser tests in
// tests/e2e belong to Playwright.
export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/unit/**/*.test.ts",
    ],
    environment: "node",
    // `npm run test:coverage`: what the unit tests run of the site's own code.
    coverage: {
      provider: "v8",
      include: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts"],
      exclude: ["**/*.test.{ts,tsx}", "**/+types/**"],
      reporter: ["text-summary"],
    },
  },
});
