import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two projects: the API server and shared packages (real databases), and the web app's pure logic.
// e2e has its own runner (Playwright).
// A project's own timeouts win over the command line's, so the gate (scripts/test.mjs) scales them
// with TEST_TIMEOUT_SCALE instead of --testTimeout / --hookTimeout.
const scale = Number(process.env.TEST_TIMEOUT_SCALE ?? 1);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          include: ["apps/server/**/*.test.ts", "packages/**/*.test.ts", "bench/**/*.test.ts"],
          // The fault tests need the build and make their own clusters: vitest.fault.config.ts.
          exclude: ["**/node_modules/**", "**/dist/**", "apps/server/fault/**"],
          environment: "node",
          // The S3 tests' AWS SDK warns on Node 20 that its releases after January 2027 need Node 22:
          // true, but not this run's concern (README: Node 20.19+), and npm test prints no warnings.
          env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
          pool: "forks",
          // Migrates one database; each test file's database is a copy of it.
          globalSetup: ["apps/server/test/database-template.ts"],
          // Opening PGlite and applying the migrations takes ~2 s per test file.
          testTimeout: 30_000 * scale,
          hookTimeout: 60_000 * scale,
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
