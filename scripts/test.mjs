// npm test: the gate. Type check ‖ lint ‖ migration-drift check ‖ dead-code check (knip: unused files,
// exports and dependencies; knip.json names the entry points), then the unit + API tests on PGlite ‖
// on PostgreSQL (when TEST_DATABASE_URL is set), then the build, the web chunks' byte budget
// (scripts/check-bundle-budget.mjs), the fault tests (the compiled server
// on throwaway PostgreSQL clusters that restart, lose connections, run two instances, shut down) and
// the browser e2e tests in headless Chromium against the compiled server. Stages in a parallel group
// run at the same time; each one's output is buffered and printed whole when it ends, with its name,
// status and duration.
// Every stage runs even when an earlier one failed (except the fault and e2e tests, which need the build).
// The last line is the total from the vitest and Playwright JSON reports: `N passed, N failed`.
// Exit code 1 when a stage failed or a test failed.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const reports = resolve(root, ".reports");
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const stages = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
// Buffered children write to a pipe: keep their colours when this gate prints to a terminal.
const colour = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {};

/**
 * Runs one stage. `buffered`: its output is kept and printed whole when it ends (stages running at
 * the same time); otherwise it goes straight to the terminal.
 */
function stage(name, cmd, args, { env = {}, buffered = false } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n=== ${name} ===`);
  return new Promise((done) => {
    const chunks = [];
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...(buffered ? colour : {}), ...env },
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (buffered) {
      child.stdout.on("data", (chunk) => chunks.push(chunk));
      child.stderr.on("data", (chunk) => chunks.push(chunk));
    }
    const finish = (ok, note = "") => {
      const duration = Date.now() - started;
      const status = ok ? "ok" : "FAILED";
      if (buffered) {
        console.log(`\n=== ${name} ===`);
        const output = Buffer.concat(chunks).toString("utf8").trimEnd();
        if (output) console.log(output);
      }
      if (note) console.log(note);
      console.log(`--- ${name}: ${status} in ${seconds(duration)}`);
      stages.push({ name, ok, duration });
      done(ok);
    };
    child.on("error", (error) => finish(false, String(error)));
    child.on("close", (code) => finish(code === 0));
  });
}

/** Runs stages at the same time, buffered; a group of one streams. Resolves when all have ended. */
const parallel = (...runs) => Promise.all(runs.map((run) => run({ buffered: runs.length > 1 })));

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

/** The *.test.ts files under these folders (relative paths, sorted): no node_modules, dist or fault tests. */
function listTests(folders) {
  const walk = (folder) =>
    readdirSync(resolve(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory())
        return ["node_modules", "dist", "fault"].includes(entry.name) ? [] : walk(path);
      return entry.name.endsWith(".test.ts") ? [path] : [];
    });
  return folders.flatMap(walk).sort();
}

/**
 * Shares the server's test files out between the two databases: `both` on each, a file that makes
 * requests race (it says "concurren…") on PostgreSQL, the rest by size (a stand-in for its run
 * time) to whichever side has less so far.
 */
function shareOut(files, both) {
  const size = (file) => statSync(resolve(root, file)).size;
  const races = (file) => /concurren/i.test(readFileSync(resolve(root, file), "utf8"));
  const sides = { pglite: { files: [...both], load: 0 }, postgres: { files: [...both], load: 0 } };
  const rest = files.filter((file) => !both.includes(file));
  const racing = new Set(rest.filter(races));
  for (const file of racing) {
    sides.postgres.files.push(file);
    sides.postgres.load += size(file);
  }
  for (const file of rest.filter((f) => !racing.has(f)).sort((a, b) => size(b) - size(a))) {
    const side = sides.pglite.load <= sides.postgres.load ? sides.pglite : sides.postgres;
    side.files.push(file);
    side.load += size(file);
  }
  return { pglite: sides.pglite.files, postgres: sides.postgres.files };
}

const gateStarted = Date.now();
const npx = "npx";
const pgliteReport = resolve(reports, "vitest-pglite.json");
const pgReport = resolve(reports, "vitest-postgres.json");
const faultReport = resolve(reports, "vitest-fault.json");
const e2eReport = resolve(reports, "playwright.json");
// A report left by an earlier run must not count in this one.
for (const file of [pgliteReport, pgReport, faultReport, e2eReport]) rmSync(file, { force: true });
// Time budgets 3× vitest.config.ts's (TEST_TIMEOUT_SCALE below): on a shared 2-core machine under load (other test runs) the
// two runs side by side met "Hook timed out in 60000ms" while opening PGlite. Timings are never what
// a test asserts; a hung test still fails.
const vitest = (report) => [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
];

// 1. Static checks: independent, each mostly one core.
await parallel(
  (o) => stage("type check", "npm", ["run", "--silent", "typecheck"], o),
  (o) => stage("lint", npx, ["biome", "check", "."], o),
  (o) => stage("migration drift", process.execPath, ["scripts/check-migrations.mjs"], o),
  (o) => stage("dead code (knip)", npx, ["knip", "--no-progress"], o),
);

// 2. Unit + API tests. With 2 cores vitest runs one test file at a time (cores - 1 workers), so
// two runs side by side keep both cores busy. Without TEST_DATABASE_URL every file runs on PGlite.
// With it (CI), each API test file runs on ONE of the two databases (docs/adr/0013): the files that
// prove concurrency (two requests racing) on PostgreSQL, where they truly race; the files that test
// what differs between the two databases (tenant walls, migrations, the jobs queue's locks, live
// events, pickup reminders, the settings race, a deadlock's re-run) on both; the rest shared out by
// size. A run on both took 36 minutes of CI's 40.
const serverTests = listTests(["apps/server/src", "packages", "bench"]);
const webTests = listTests(["apps/web/src"]);
const onBoth = [
  "apps/server/src/lib/tenant.test.ts",
  "apps/server/src/lib/jobs.test.ts",
  "apps/server/src/lib/live-events.test.ts",
  "apps/server/src/http/events.test.ts",
  "apps/server/src/features/dispatches/pickup-reminders.test.ts",
  "apps/server/src/domain/company/my-settings.test.ts",
  "packages/db/src/migrations.test.ts",
  "apps/server/src/lib/transaction-reads.test.ts",
  "apps/server/src/lib/transaction-retry.test.ts",
];
const apiTests = [];
if (process.env.TEST_DATABASE_URL) {
  const { pglite, postgres } = shareOut(serverTests, onBoth);
  apiTests.push(
    (o) =>
      stage("unit + API tests (PGlite)", npx, [...vitest(pgliteReport), ...webTests, ...pglite], {
        ...o,
        env: { TEST_DATABASE_URL: "", TEST_TIMEOUT_SCALE: "3" },
      }),
    (o) =>
      stage("API tests (PostgreSQL)", npx, [...vitest(pgReport), "--project", "server", ...postgres], {
        ...o,
        env: { TEST_TIMEOUT_SCALE: "3" },
      }),
  );
} else {
  apiTests.push((o) =>
    stage("unit + API tests (PGlite)", npx, vitest(pgliteReport), {
      ...o,
      env: { TEST_DATABASE_URL: "", TEST_TIMEOUT_SCALE: "3" },
    }),
  );
}
await parallel(...apiTests);
countVitest(pgliteReport);
countVitest(pgReport);

// 3. What users get: the web app and the compiled server, then the browser tests against it.
if (await stage("build (web app + server)", "npm", ["run", "--silent", "build"])) {
  // The built chunks: the PEVO portal's first load within its byte budget, no office code on the
  // portal, public or sign-in screens (sizes, not timings).
  await stage("first-load budget (web chunks)", process.execPath, ["scripts/check-bundle-budget.mjs"]);
  // Makes its own PostgreSQL 15 clusters (initdb / pg_ctl from /usr/lib/postgresql/15/bin, as the
  // postgres user when run as root) on spare ports: never the shared server.
  await stage(
    "fault tests (throwaway PostgreSQL)",
    npx,
    [...vitest(faultReport), "-c", "vitest.fault.config.ts"],
    { env: { TEST_TIMEOUT_SCALE: "3" } },
  );
  countVitest(faultReport);
  await stage(
    "e2e (Playwright, headless Chromium)",
    npx,
    ["playwright", "test", "-c", "e2e/playwright.config.ts"],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
    },
  );
  countPlaywright(e2eReport);
}

console.log("\nStages:");
for (const { name, ok, duration } of stages) {
  console.log(`  ${ok ? "ok    " : "FAILED"}  ${seconds(duration).padStart(8)}  ${name}`);
}
console.log(`  total ${seconds(Date.now() - gateStarted)}`);
const failures = stages.filter((s) => !s.ok).map((s) => s.name);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
