import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two projects: the API server and shared packages (real databases), and the web app's pure logic.
// e2e has its own runner (Playwright).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          include: ["apps/server/**/*.test.ts", "packages/**/*.test.ts", "bench/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/dist/**"],
          environment: "node",
          pool: "forks",
          // Opening PGlite and applying the migrations takes ~2 s per test file.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web app's "@/..." imports, as in apps/web/vite.config.ts.
        resolve: { alias: { "@": fileURLToPath(new URL("./apps/web/src", import.meta.url)) } },
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/dist/**"],
          environment: "node",
        },
      },
    ],
  },
});
