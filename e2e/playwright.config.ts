import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;
// A fresh embedded database for every run (the config is evaluated once per process: reuse it).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "pevo-e2e-"));

export default defineConfig({
  testDir: "./tests",
  outputDir: "../test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"], ["json"]],
  use: {
    baseURL,
    // A trace records every action's snapshots for every test, kept or not: costly on a 2-core CI
    // machine whose artefacts nobody can open afterwards. E2E_TRACE=1 records them (kept on failure).
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // The compiled server, as users run it (rebuilt first when apps/server/dist is missing or stale).
    command: "node scripts/build-server.mjs --if-stale && node --enable-source-maps apps/server/dist/main.js",
    cwd: resolve(import.meta.dirname, ".."),
    url: `${baseURL}/api/demo-accounts`,
    reuseExistingServer: false,
    // A fresh embedded database migrates on start: minutes on a loaded 2-core machine.
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      AUTH_RATE_LIMIT: "1000",
      APP_URL: baseURL,
    },
  },
});
