import { readFile } from "node:fs/promises";
import {
  apiCreate,
  createPevoViaApi,
  sameOrigin,
  saveScreenshot,
  signInFreshAdmin,
  uniqueTag,
} from "../support/helpers";
import { expect, test } from "../support/test";

/**
 * Margin (DECISIONS 'Margin'): a completed job invoiced 500.00, its PEVO paid 70% by the default
 * plan (an estimate: no settlement yet) shows a margin of 150.00 (30.0%) in the jobs report and on
 * the dispatch page; the report's CSV downloads and parses; the dashboard draws the 12 months.
 */
test("the jobs report shows a job's margin, the CSV downloads, the dashboard draws the months", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInFreshAdmin(page, request, "margin");
  const api = page.request;
  const tag = uniqueTag().toUpperCase();
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  });
  const plan = await api.post("/api/pay-plans/default", {
    data: { effectiveFrom: "2020-01-01", kind: "percentage", percent: "70", reimbursedExpenses: [] },
    headers: sameOrigin(),
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const client = await apiCreate<{ id: string; name: string }>(api, "/api/clients", {
    name: `Margin Haul ${tag}`,
  });
  const pevo = await createPevoViaApi(api, { firstName: "Maggie", lastName: `Margin${tag.slice(0, 4)}` });
  const rc = await apiCreate<{ id: string }>(api, "/api/rate-confirmations", {
    clientId: client.id,
    jobNumber: `MRG-${tag}`,
    originAddress: "Amarillo, TX",
    destinationAddress: "Tulsa, OK",
    startDate: today,
    description: "Transformer.",
    standardRates: {
      minimumDailyRate: "450",
      mileageRate: "1.85",
      overnightRate: "125",
      noGoRate: "300",
      detentionRate: "45",
      detentionThreshold: 2,
    },
    customRates: [],
    positions: [{ positionType: "lead_car", pevoId: pevo.id }],
  });
  const dispatch = await apiCreate<{ id: string }>(api, "/api/dispatches", {
    rateConfirmationId: rc.id,
    pevoId: pevo.id,
    positionType: "lead_car",
    driverName: "Dale Driver",
    driverPhone: "(806) 555-0199",
    pickupDate: today,
    pickupTime: "08:30",
    status: "completed",
  });
  const invoice = await apiCreate<{ id: string }>(api, "/api/invoices", {
    invoiceNumber: `MG-${tag}`,
    issueDate: today,
    dueDate: today,
    dispatchId: dispatch.id,
    clientId: client.id,
    customerName: client.name,
    lineItems: [{ date: today, location: "Amarillo, TX", mileage: "0", charge: "500.00" }],
    allowAdditional: true,
  });
  const sent = await api.post(`/api/invoices/${invoice.id}/send`, {
    data: { to: `billing-${tag.toLowerCase()}@example.test` },
    headers: sameOrigin(),
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // The report: the job's row with its margin.
  await page.getByRole("link", { name: "Jobs report" }).first().click();
  await expect(page.getByRole("heading", { name: "Jobs report" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `MRG-${tag}` });
  await expect(row).toContainText("$500.00");
  await expect(row).toContainText("$350.00");
  await expect(row).toContainText("Estimated");
  await expect(row).toContainText("$150.00");
  await expect(row).toContainText("(30.0%)");
  await saveScreenshot(page, "margin-jobs-report-1280", { fullPage: true });
  // A phone: the filters and the job's figures fit 375 px, in both themes.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByText(`MRG-${tag}`).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await saveScreenshot(page, "margin-jobs-report-375-light", { fullPage: true });
  // Dark, once the buttons' and fields' colour transitions have ended (mid-fade they look light).
  await page.evaluate(async () => {
    document.documentElement.classList.add("dark");
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
  });
  await saveScreenshot(page, "margin-jobs-report-375-dark", { fullPage: true });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 1280, height: 720 });

  // The CSV: a byte order mark, the header and the job's exact figures.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^jobs-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(String(await download.path()));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = bytes
    .toString("utf8")
    .slice(1)
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(","));
  expect(rows[0]).toEqual([
    "Job Number",
    "Client",
    "PEVO",
    "Date",
    "Invoiced",
    "PEVO Pay",
    "Pay Source",
    "Margin",
    "Margin %",
  ]);
  expect(rows).toContainEqual([
    `MRG-${tag}`,
    client.name,
    `Maggie ${pevo.lastName}`,
    today,
    "500.00",
    "350.00",
    "Estimated",
    "150.00",
    "30.0",
  ]);

  // The dispatch page's margin card.
  await page.goto(`/dispatching/${dispatch.id}`);
  await expect(page.locator("dl[aria-label='Margin']")).toContainText("$150.00");

  // The dashboard: the chart and, for screen readers, its figures as a table.
  await page.goto("/dashboard");
  await expect(page.getByText("Last 12 months", { exact: true })).toBeVisible();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  const table = page.getByRole("table", { name: /per month, the last 12 months/ });
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(table).toContainText("$500.00");
  const chartCard = page.locator("[data-slot=card]").filter({ hasText: "Last 12 months" });
  await chartCard.scrollIntoViewIfNeeded();
  await saveScreenshot(chartCard, "margin-dashboard-chart-1280-light");
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await saveScreenshot(chartCard, "margin-dashboard-chart-1280-dark");
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await chartCard.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300); // the chart redraws at the new width
  await saveScreenshot(chartCard, "margin-dashboard-chart-375");
});
