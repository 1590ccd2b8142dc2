// npm test: type check, lint, unit + API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// then browser e2e tests in headless Chromium against the real server. Ends with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const reports = resolve(root, ".reports");
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(
    `--- ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) failures.push(name);
  return result.status === 0;
}

/** Adds a vitest JSON report's counts to the totals. */
function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}

/** Adds a Playwright JSON report's counts to the totals. */
function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
}

const npx = "npx";
step("type check", "npm", ["run", "--silent", "typecheck"]);
step("lint", npx, ["biome", "check", "."]);

const pgliteReport = resolve(reports, "vitest-pglite.json");
step(
  "unit + API tests (PGlite)",
  npx,
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${pgliteReport}`],
  {
    TEST_DATABASE_URL: "",
  },
);
countVitest(pgliteReport);

if (process.env.TEST_DATABASE_URL) {
  const pgReport = resolve(reports, "vitest-postgres.json");
  step("API tests (PostgreSQL)", npx, [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${pgReport}`,
  ]);
  countVitest(pgReport);
}

if (step("build web app", "npm", ["run", "--silent", "build"])) {
  const e2eReport = resolve(reports, "playwright.json");
  step("e2e (Playwright, headless Chromium)", npx, ["playwright", "test", "-c", "e2e/playwright.config.ts"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  countPlaywright(e2eReport);
}

if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
