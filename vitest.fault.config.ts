import { defineConfig } from "vitest/config";

// The fault tests (apps/server/fault): the compiled server against throwaway PostgreSQL clusters
// that restart, lose their connections, run two instances, shut down. A stage of their own in
// scripts/test.mjs, after the build; not in vitest.config.ts's projects (they need the build and
// make clusters). One file at a time: each starts a cluster and servers of its own.
const scale = Number(process.env.TEST_TIMEOUT_SCALE ?? 1);

export default defineConfig({
  test: {
    name: "fault",
    include: ["apps/server/fault/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000 * scale,
    hookTimeout: 120_000 * scale,
  },
});
