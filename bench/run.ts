/**
 * npm run bench: seeds a fresh PostgreSQL database with a big company (100,000 dispatches) and a
 * small one (1,000), starts the compiled server on it and a bare node:http + pg handler (the
 * floor, bench/floor.mjs), drives every endpoint of bench/endpoints.ts with autocannon for both
 * companies, then sends 50 anonymous 10 MB bodies and reads the server's memory (bench/body-memory.ts;
 * alone: npx tsx bench/body-memory.ts), prints the table and the targets, and writes
 * bench/results/latest.json.
 *
 * Environment (all optional except a database server):
 *   BENCH_SERVER_ARGS                  extra node flags for the server (e.g. --cpu-prof)
 *   DATABASE_URL or TEST_DATABASE_URL  a PostgreSQL server (a database bench_<random> is created on
 *                                      it and dropped at the end; BENCH_KEEP=1 keeps it)
 *   BENCH_DURATION=5                   seconds of load per endpoint and company
 *   BENCH_WARMUP=2                     seconds of unmeasured load before each measurement
 *   BENCH_CONNECTIONS=10               concurrent connections
 *   BENCH_DISPATCHES=100000            the big company; BENCH_SMALL=1000 the small one
 *   BENCH_ONLY=<regexp>                only the endpoints whose name matches
 *   BENCH_PORT=0                       the server's port (0: a free one); the floor takes the next free one
 * Timings depend on the machine: the targets are ratios (big vs small, app vs floor).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, totalmem } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@pevo/db";
import autocannon from "autocannon";
import pg from "pg";
import { describeBodyMemory, MAX_GROWTH_BYTES, measureBodyMemory } from "./body-memory";
import {
  checkSize,
  createDraftSettlement,
  type Endpoint,
  endpointsOf,
  MAX_RESPONSE_BYTES,
  type SizeCheck,
  signIn,
} from "./endpoints";
import { analyze, type BenchCompany, seedBenchCompany } from "./seed";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const env = process.env;
const serverUrl = env.DATABASE_URL ?? env.TEST_DATABASE_URL;
const duration = Number(env.BENCH_DURATION ?? 5);
const warmup = Number(env.BENCH_WARMUP ?? 2);
const connections = Number(env.BENCH_CONNECTIONS ?? 10);
const bigSize = Number(env.BENCH_DISPATCHES ?? 100_000);
const smallSize = Number(env.BENCH_SMALL ?? 1_000);
const label = (n: number) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));
const BIG = label(bigSize);
const SMALL = label(smallSize);
const only = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, "i") : undefined;

type Figures = {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  bytes: number;
  items?: number;
  problems: string[];
};
type Row = { name: string; big?: Figures; small?: Figures };

const log = (...args: unknown[]) => console.error(...args);

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, what: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${what} did not answer at ${url}`);
}

function start(what: string, args: string[], extraEnv: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.on("exit", (code, signal) => {
    if (code && !stopping) log(`${what} exited with ${code ?? signal}`);
  });
  return child;
}

/** The p-th percentile of times sorted ascending; NaN for no times. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** Drives one URL with autocannon; p50/p95/p99 from every response's own time (autocannon's table has no p95). */
async function measure(
  url: string,
  headers: Record<string, string>,
): Promise<Omit<Figures, "bytes" | "problems">> {
  // Unmeasured load first: the server's code paths get compiled (and PostgreSQL's caches filled) as
  // they are for the floor's few lines, so the first endpoints are not measured cold.
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers });
  const times: number[] = [];
  const instance = autocannon({ url, connections, duration, headers });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function runEndpoint(base: string, endpoint: Endpoint, cookie: string): Promise<Figures> {
  const url = `${base}${endpoint.path}`;
  const check: SizeCheck = await checkSize(endpoint, await fetch(url, { headers: { cookie } }));
  const figures = await measure(url, { cookie });
  if (figures.non2xx > 0) check.problems.push(`${figures.non2xx} non-2xx answers under load`);
  if (figures.errors > 0) check.problems.push(`${figures.errors} errors or timeouts under load`);
  return { ...figures, bytes: check.bytes, items: check.items, problems: check.problems };
}

const fmt = (n: number | undefined, digits = 1) =>
  n === undefined || Number.isNaN(n) ? "-" : n.toFixed(digits);
const kb = (bytes: number | undefined) => (bytes === undefined ? "-" : `${(bytes / 1024).toFixed(1)}K`);

function table(rows: Row[]): string {
  const header = [
    "endpoint",
    ...[BIG, SMALL].flatMap((size) => ["p50", "p95", "p99", "req/s", "bytes"].map((f) => `${f} ${size}`)),
    "p95 ratio",
  ];
  const lines = rows.map((r) => [
    r.name,
    fmt(r.big?.p50),
    fmt(r.big?.p95),
    fmt(r.big?.p99),
    fmt(r.big?.rps, 0),
    kb(r.big?.bytes),
    fmt(r.small?.p50),
    fmt(r.small?.p95),
    fmt(r.small?.p99),
    fmt(r.small?.rps, 0),
    kb(r.small?.bytes),
    r.big && r.small ? `${fmt(r.big.p95 / r.small.p95, 2)}x` : "-",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(" | ")} |`;
  return [
    line(header),
    `|${widths.map((w, i) => `${i === 0 ? ":" : ""}${"-".repeat(w + 1)}${i === 0 ? "" : ":"}`).join("|")}|`,
    ...lines.map(line),
  ].join("\n");
}

let stopping = false;

async function main() {
  if (!serverUrl)
    throw new Error(
      "Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server (e.g. postgres://root@127.0.0.1:5432/test).",
    );
  const name = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const children: ChildProcess[] = [];
  try {
    log(`Database ${name}: migrating and seeding ${bigSize} + ${smallSize} dispatches...`);
    const seedStarted = Date.now();
    const opened = await openDatabase({ kind: "postgres", url: databaseUrl });
    let big: BenchCompany;
    let small: BenchCompany;
    try {
      big = await seedBenchCompany(opened.db, { name: "Big Escorts", dispatches: bigSize });
      small = await seedBenchCompany(opened.db, { name: "Small Escorts", dispatches: smallSize });
      await analyze(opened.db);
    } finally {
      await opened.close();
    }
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`Seeded in ${seedSeconds.toFixed(1)} s:`, big.counts, small.counts);

    log("Building the server (if stale)...");
    const build = spawnSync(process.execPath, ["scripts/build-server.mjs", "--if-stale"], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) throw new Error("the server build failed");

    const port = Number(env.BENCH_PORT ?? 0) || (await freePort());
    const base = `http://127.0.0.1:${port}`;
    // BENCH_SERVER_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    const server = start(
      "server",
      [...(env.BENCH_SERVER_ARGS?.split(" ") ?? []), "--enable-source-maps", "apps/server/dist/main.js"],
      {
        NODE_ENV: "production",
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        APP_URL: base,
        BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
        TIN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
        DEMO_ENABLED: "false",
        AUTH_RATE_LIMIT: "1000",
      },
    );
    children.push(server);
    const floorPort = await freePort();
    const floorBase = `http://127.0.0.1:${floorPort}`;
    const floor = start("floor", ["bench/floor.mjs"], { PORT: String(floorPort), DATABASE_URL: databaseUrl });
    children.push(floor);
    await waitForHttp(`${base}/api/me`, server, "the server");
    await waitForHttp(`${floorBase}/`, floor, "the floor handler");

    const fetcher = (path: string, init: RequestInit) => fetch(`${base}${path}`, init);
    const cookies = {
      big: { admin: await signIn(fetcher, base, big.admin), pevo: await signIn(fetcher, base, big.pevo) },
      small: {
        admin: await signIn(fetcher, base, small.admin),
        pevo: await signIn(fetcher, base, small.pevo),
      },
    };

    for (const [company, cookie] of [
      [big, cookies.big.admin],
      [small, cookies.small.admin],
    ] as const) {
      company.draftSettlementId = await createDraftSettlement(fetcher, base, cookie, company.today);
    }
    const bigEndpoints = endpointsOf(big);
    const smallEndpoints = endpointsOf(small);
    const rows: Row[] = [];
    for (const [i, endpoint] of bigEndpoints.entries()) {
      if (only && !only.test(endpoint.name)) continue;
      const row: Row = { name: endpoint.name };
      const smallEndpoint = smallEndpoints[i];
      if (!smallEndpoint) throw new Error(`The small company has no endpoint "${endpoint.name}"`);
      for (const size of ["big", "small"] as const) {
        const e = size === "big" ? endpoint : smallEndpoint;
        log(`${e.name} (${size === "big" ? bigSize : smallSize}): ${e.path}`);
        row[size] = await runEndpoint(base, e, cookies[size][e.as]);
      }
      rows.push(row);
    }
    // The floor: the same SQL as the dispatch list's first page, no framework.
    const floorRow: Row = { name: "floor: node:http + pg, dispatch list SQL" };
    for (const size of ["big", "small"] as const) {
      const company = size === "big" ? big : small;
      log(`floor (${size})`);
      const floorPath = `/dispatches?companyId=${company.companyId}&page=1&pageSize=25`;
      floorRow[size] = await runEndpoint(
        floorBase,
        { name: floorRow.name, path: floorPath, as: "admin", maxItems: 25 },
        "",
      );
      // It must answer what the API answers, or it is not the floor of the same work.
      const itemsAt = async (url: string, cookie = "") =>
        JSON.stringify(
          ((await (await fetch(url, { headers: { cookie } })).json()) as { items: unknown }).items,
        );
      const api = await itemsAt(`${base}/api/dispatches?page=1&pageSize=25`, cookies[size].admin);
      if (api !== (await itemsAt(`${floorBase}${floorPath}`))) {
        floorRow[size]?.problems.push("the floor's items differ from GET /api/dispatches's");
      }
    }
    rows.push(floorRow);

    // Targets (ratios, so that they hold on any machine).
    const targets: { target: string; value: string; ok: boolean }[] = [];
    for (const r of rows) {
      if (!r.big || !r.small || r === floorRow) continue;
      const ratio = r.big.p95 / r.small.p95;
      targets.push({
        target: `p95 ${BIG} <= 1.5x ${SMALL}: ${r.name}`,
        value: `${ratio.toFixed(2)}x`,
        ok: ratio <= 1.5,
      });
    }
    const list = rows.find((r) => r.name === "dispatches: first page");
    if (list?.big && floorRow.big) {
      const share = list.big.rps / floorRow.big.rps;
      targets.push({
        target: `dispatch list req/s >= 60% of the floor (${BIG})`,
        value: `${Math.round(share * 100)}% (${list.big.rps} vs ${floorRow.big.rps})`,
        ok: share >= 0.6,
      });
    }
    for (const r of rows) {
      for (const size of ["big", "small"] as const) {
        const f = r[size];
        if (!f) continue;
        for (const problem of f.problems) {
          targets.push({ target: `${r.name} (${size === "big" ? BIG : SMALL})`, value: problem, ok: false });
        }
      }
    }
    // Oversized anonymous bodies are refused before they are read: the server's memory stays put.
    log("body limits: 50 anonymous 10 MB bodies");
    const memory = await measureBodyMemory(base, server.pid as number);
    targets.push({
      target: "server RSS within 50 MB after 50 anonymous 10 MB bodies",
      value: describeBodyMemory(memory),
      ok: memory.growth <= MAX_GROWTH_BYTES,
    });
    const largest = Math.max(...rows.flatMap((r) => [r.big?.bytes ?? 0, r.small?.bytes ?? 0]));
    targets.push({
      target: `no response over ${MAX_RESPONSE_BYTES / 1024} KB`,
      value: `largest ${kb(largest)}`,
      ok: largest <= MAX_RESPONSE_BYTES,
    });

    console.log(`\nPEVO Back Office benchmark — ${new Date().toISOString()}`);
    console.log(
      `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; ${connections} connections, ${duration} s per endpoint; ` +
        `${bigSize} vs ${smallSize} dispatches; times in ms\n`,
    );
    console.log(table(rows));
    console.log("\nTargets:");
    for (const t of targets) console.log(`  ${t.ok ? "ok  " : "MISS"} ${t.target}: ${t.value}`);

    const out = resolve(root, "bench/results");
    mkdirSync(out, { recursive: true });
    writeFileSync(
      resolve(out, "latest.json"),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: {
            cores: cpus().length,
            memoryGiB: Math.round(totalmem() / 2 ** 30),
            node: process.version,
          },
          settings: { duration, connections, bigSize, smallSize },
          seed: { seconds: seedSeconds, big: big.counts, small: small.counts },
          rows,
          bodyMemory: memory,
          targets,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWrote bench/results/latest.json`);
  } finally {
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(
      children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : undefined)),
    );
    if (env.BENCH_KEEP) log(`Kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
