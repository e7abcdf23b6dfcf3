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
    // Some tests do real work (subsetting a font, 50 concurrent registrations
    // on PostgreSQL, rendering every post): a few seconds alone, more on a
    // busy 2-core CI machine. A test that hangs still fails, at 20 s.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // `npm run test:coverage`: what the unit tests run of the site's own code.
    coverage: {
      provider: "v8",
      include: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts"],
      exclude: ["**/*.test.{ts,tsx}", "**/+types/**"],
      reporter: ["text-summary"],
    },
  },
});
