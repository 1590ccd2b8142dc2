// Makes the landing carousel's five slides (apps/web/public/landing/slide-N.png) from the real
// product (the compiled server): builds nothing itself, so run `npm run build` first. Uses Debian's chromium.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const port = 3190;
const base = `http://localhost:${port}`;
const out = (n) => resolve(root, `apps/web/public/landing/slide-${n}.png`);
const server = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), "pevo-shots-")) },
  stdio: "ignore",
});

try {
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${base}/api/demo-accounts`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const accounts = await (await fetch(`${base}/api/demo-accounts`)).json();
  const browser = await chromium.launch({
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
  });
  const shoot = async (account, pages) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base });
    const page = await context.newPage();
    await page.request.post("/api/auth/sign-in/email", { data: account, headers: { Origin: base } });
    for (const [n, path, ready] of pages) {
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: out(n) });
    }
    await context.close();
  };
  await shoot(accounts.admin, [
    [1, "/dashboard", "Recent Activity"],
    [2, "/rate-confirmations", "Job Number"],
    [3, "/dispatching", "Pickup Date"],
  ]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base });
  const page = await context.newPage();
  await page.request.post("/api/auth/sign-in/email", { data: accounts.admin, headers: { Origin: base } });
  const { items: invoices } = await (await page.request.get("/api/invoices")).json();
  await context.close();
  await shoot(accounts.admin, [[4, `/invoices/${invoices[0].id}`, "Line Items"]]);
  await shoot(accounts.pevo, [[5, "/pevo/dispatches", "All Assigned Dispatches"]]);
  await browser.close();
  console.log("Wrote apps/web/public/landing/slide-1..5.png");
} finally {
  server.kill("SIGTERM");
}
