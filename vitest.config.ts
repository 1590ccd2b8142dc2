import { defineConfig } from "vitest/config";

// Server and shared-package tests (the web app and e2e have their own runners).
export default defineConfig({
  test: {
    include: ["apps/server/**/*.test.ts", "packages/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    environment: "node",
    pool: "forks",
    // Opening PGlite and applying the migrations takes ~2 s per test file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
