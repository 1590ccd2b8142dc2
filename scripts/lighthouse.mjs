// npm run lighthouse: Lighthouse's mobile performance of the screens a phone opens first (docs/performance.md).
// Runs the compiled server (build first: `npm run build`) on a spare port with a fresh embedded database
// (the demo company is seeded), signs in as the demo PEVO and the demo admin, sends a rate confirmation
// for signature to get a /sign link, then audits each page in Debian's Chromium with Lighthouse's
// default mobile settings (simulated throttling, cold cache). Prints a table and writes
// .reports/lighthouse.json, and each page's full Lighthouse report (the kept run) to
// .reports/lighthouse-<page>.json: the critical request chain, the LCP breakdown, the network
// requests. Outside `npm test`: the figures depend on the machine and its load.
// Options: --runs N (the median run by performance score is kept; default 1); --only /pevo (one
// page, by its name in the table; repeatable).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const root = resolve(import.meta.dirname, "..");
const runsArg = process.argv.indexOf("--runs");
const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 1;
const only = process.argv.flatMap((arg, i) => (process.argv[i - 1] === "--only" ? [arg] : []));
const DEMO_ADMIN = { email: "admin@demo-escort.test", password: "demo-admin-2025" };
const DEMO_PEVO = { email: "pevo@demo-escort.test", password: "demo-pevo-2025" };
// The e2e suite's Chromium flags (e2e/playwright.config.ts).
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

for (const built of ["apps/web/dist/index.html", "apps/server/dist/main.js"]) {
  if (!existsSync(resolve(root, built))) {
    console.error(`${built} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** A port nobody listens on right now. */
const sparePort = () =>
  new Promise((done, fail) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
    probe.on("error", fail);
  });

const port = await sparePort();
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "pevo-lighthouse-"));
const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: base, AUTH_RATE_LIMIT: "1000" },
  stdio: ["ignore", "ignore", "inherit"],
});
let chrome;
const cleanUp = () => {
  chrome?.kill();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});

try {
  await waitForServer();
  const admin = await signIn(DEMO_ADMIN);
  const pevo = await signIn(DEMO_PEVO);
  const signLink = await signingLink(admin);
  const pages = [
    { name: "/pevo", url: `${base}/pevo`, cookie: pevo },
    { name: "/auth", url: `${base}/auth` },
    { name: "/sign/<token>", url: signLink },
    { name: "/dashboard", url: `${base}/dashboard`, cookie: admin },
  ].filter((page) => only.length === 0 || only.includes(page.name));
  chrome = await launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  const results = [];
  for (const page of pages) {
    const measured = [];
    for (let run = 0; run < runs; run += 1) measured.push(await auditRetried(chrome.port, page));
    measured.sort((a, b) => a.performance - b.performance);
    const { lhr, ...kept } = measured[Math.floor(measured.length / 2)];
    results.push({ page: page.name, ...kept, scores: measured.map((m) => m.performance) });
    mkdirSync(resolve(root, ".reports"), { recursive: true });
    const slug = page.name.replace(/[^a-z]+/gi, "-").replace(/^-|-$/g, "");
    writeFileSync(resolve(root, `.reports/lighthouse-${slug}.json`), JSON.stringify(lhr));
  }
  // Simulated throttling scales the CPU time it observes: a busy machine scores lower. Say how busy.
  const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB, load average ${loadavg()[0].toFixed(1)}`;
  const report = {
    date: new Date().toISOString(),
    lighthouse: (await import("lighthouse/package.json", { with: { type: "json" } })).default.version,
    machine,
    runs,
    results,
  };
  mkdirSync(resolve(root, ".reports"), { recursive: true });
  writeFileSync(resolve(root, ".reports/lighthouse.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Lighthouse ${report.lighthouse}, mobile, ${machine}, ${report.date.slice(0, 10)}`);
  console.log("| Page | Performance | LCP | FCP | TBT | JavaScript (transferred) | Requests | Runs |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const r of results) {
    console.log(
      `| ${r.page} | ${r.performance} | ${seconds(r.lcp)} | ${seconds(r.fcp)} | ${Math.round(r.tbt)} ms | ${Math.round(r.scriptBytes / 1024)} KB | ${r.requests} | ${r.scores.join(", ")} |`,
    );
  }
} finally {
  cleanUp();
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const ok = await fetch(`${base}/api/demo-accounts`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error("the server did not start in 2 minutes");
}

/** The session cookie of a demo account (passed to Lighthouse as a header). */
async function signIn({ email, password }) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Sends a new rate confirmation for signature as the admin and returns the emailed /sign link. */
async function signingLink(cookie) {
  const post = async (path, body) => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const signer = `lighthouse-signer-${Date.now()}@example.test`;
  const client = await post("/api/clients", {
    name: "Lighthouse Heavy Haul",
    contactPerson: "Rita Alvarez",
    email: signer,
    address: "1200 Industrial Blvd, Amarillo, TX 79107",
  });
  const rc = await post("/api/rate-confirmations", {
    clientId: client.id,
    jobNumber: "LH-1",
    originAddress: "Amarillo, TX",
    destinationAddress: "Tulsa, OK",
    startDate: new Date().toISOString().slice(0, 10),
    description: "Transformer, 16 ft wide.",
    standardRates: {
      minimumDailyRate: "450",
      mileageRate: "1.85",
      overnightRate: "125",
      noGoRate: "300",
      detentionRate: "45",
      detentionThreshold: 2,
    },
    customRates: [],
    positions: [{ positionType: "lead_car", pevoId: null }],
  });
  await post(`/api/rate-confirmations/${rc.id}/signature`, {
    signerName: "Rita Alvarez",
    signerEmail: signer,
  });
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const mails = await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(signer)}`).then((r) =>
      r.json(),
    );
    const link = mails.map((m) => m.text.match(/https?:\/\/\S+\/sign\/\S+/)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error("no signing email arrived");
}

/** A run again after Lighthouse's own trace failures (NO_NAVSTART, NO_FCP), which a busy machine causes. */
async function auditRetried(chromePort, page) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(chromePort, page);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP/.test(String(error))) throw error;
      console.error(`${page.name}: ${error.message}; running again`);
    }
  }
}

/** One Lighthouse run (mobile, simulated throttling, performance only). */
async function audit(chromePort, { url, cookie }) {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  // A screen that sent the browser elsewhere (a lost session goes to /auth) was not measured.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  }
  const audits = lhr.audits;
  const requests = audits["network-requests"]?.details?.items ?? [];
  return {
    lhr,
    finalUrl: lhr.finalDisplayedUrl,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: audits["largest-contentful-paint"].numericValue,
    fcp: audits["first-contentful-paint"].numericValue,
    tbt: audits["total-blocking-time"].numericValue,
    scriptBytes: requests
      .filter((r) => r.resourceType === "Script")
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    requests: requests.length,
  };
}
