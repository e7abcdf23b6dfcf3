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
  },
});
