import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  addDaysIso,
  apiCreate,
  browserDays,
  chooseOption,
  createAdmin,
  createRateConfirmationViaApi,
  pickDate,
  readPdf,
  saveScreenshot,
  signInAsDemoAdmin,
  toastWith,
  usDate,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/**
 * PEVO pay (DECISIONS 'PEVO pay'): the office sets the company's default pay plan, runs a settlement
 * for the demo company's last two weeks, adds an advance to a PEVO's statement, approves the run
 * (locked) and marks it paid; the PEVO's statement PDF downloads and shows their net.
 */

/** A full-page screenshot in one theme (each costs seconds on the shared machine: only the ones looked at). */
async function shot(page: Page, name: string, theme: "light" | "dark" = "light") {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
  // Let the layout settle (a resize, a theme) before a full-page capture measures it.
  await page.waitForTimeout(200);
  await saveScreenshot(page, `${name}-${theme}`, { fullPage: true });
  if (theme === "dark") {
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await page.emulateMedia({ colorScheme: "light" });
  }
}

/** The demo company's default plan of these tests: 70% of the invoice, fuel and tolls reimbursed. */
const PLAN = { kind: "percentage", percent: "70", reimbursedExpenses: ["fuel", "tolls"] } as const;

test("the office sets the default pay plan; a PEVO without a plan of their own is paid by it", async ({
  page,
}) => {
  await signInAsDemoAdmin(page);
  const { today } = await browserDays(page);

  // The default pay plan: 70% of what each job invoiced for the PEVO, fuel and tolls reimbursed,
  // in force from before the period so its jobs are paid by it.
  await page.getByRole("link", { name: "PEVO pay" }).click();
  await expect(page.getByRole("heading", { name: "PEVO pay" })).toBeVisible();
  await page.getByRole("link", { name: "Default pay plan" }).click();
  const plan = page.locator("#pay-plan");
  await expect(plan.getByRole("button", { name: "Save pay plan" })).toBeVisible();
  await pickDate(page, plan.locator("#default-plan-effective"), addDaysIso(today, -30));
  await plan.getByLabel(/^Percentage of what the job invoiced/).fill("70");
  await plan.getByLabel("Fuel").check();
  await plan.getByLabel("Tolls").check();
  await plan.getByRole("button", { name: "Save pay plan" }).click();
  await expect(toastWith(page, "Pay plan saved")).toBeVisible();
  await expect(plan.getByText("70% of the job's invoice").first()).toBeVisible();
  await expect(plan.getByText("Reimbursed: fuel, tolls").first()).toBeVisible();
  await expect(plan.getByText("In force", { exact: true })).toBeVisible();
  await shot(page, "pay-plan-default-1280", "dark");

  // A PEVO without a plan of their own is paid by the default: their PEVO page says so.
  const pevos = await page.request.get("/api/pevos?q=pevo%40demo-escort.test");
  const caseyId = ((await pevos.json()) as { items: { id: string }[] }).items[0]?.id;
  expect(caseyId).toBeTruthy();
  await page.goto(`/pevos/edit/${caseyId}#pay-plan`);
  await expect(page.locator("#pay-plan").getByText("Paid by the company default")).toBeVisible();
});

test("the office runs a settlement for the last two weeks, adjusts, approves, marks it paid and downloads a statement", async ({
  page,
}) => {
  await signInAsDemoAdmin(page);
  const { today } = await browserDays(page);
  const start = addDaysIso(today, -13);
  // The plan the test above saves through the screen, when this test runs on its own.
  const plans = await page.request.get("/api/pay-plans/default");
  if (((await plans.json()) as { current: unknown }).current === null)
    await apiCreate(page.request, "/api/pay-plans/default", {
      ...PLAN,
      effectiveFrom: addDaysIso(today, -30),
    });
  await page.goto("/settlements");

  // A run for the last two weeks: every two weeks, ending today.
  await page.getByRole("button", { name: "New settlement run" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New settlement run" });
  await expect(dialog.getByRole("combobox", { name: "Pay period" })).toHaveText("Every two weeks");
  await expect(dialog.locator("#settlement-period-start")).toHaveText(usDate(start));
  await expect(dialog.locator("#settlement-period-end")).toHaveText(usDate(today));
  await expect(dialog.locator("#settlement-period-end")).toBeDisabled();
  await saveScreenshot(page, "settlement-new-run-1280");
  await dialog.getByRole("button", { name: "Start run" }).click();
  await expect(toastWith(page, "Settlement run started")).toBeVisible();
  await expect(page).toHaveURL(/\/settlements\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();

  // The demo PEVO's statement: their job (invoiced) paid 70%, then an advance taken off.
  const casey = page.getByRole("region", { name: "Casey Whitfield" });
  await expect(casey.getByText(/^Job # /).first()).toBeVisible();
  await expect(casey.getByText(/^Invoiced \$/).first()).toBeVisible();
  await casey.getByRole("button", { name: "Add adjustment" }).click();
  const adjust = page.getByRole("dialog", { name: "Add adjustment" });
  await chooseOption(page, adjust.getByRole("combobox", { name: "Kind" }), "Advance (deducted)");
  await adjust.getByLabel("Amount ($)").fill("50");
  await adjust.getByLabel("Note").fill("Fuel advance at dispatch");
  await adjust.getByRole("button", { name: "Add adjustment" }).click();
  await expect(toastWith(page, "Adjustment added")).toBeVisible();
  await expect(casey.getByText("Advance (deducted): Fuel advance at dispatch")).toBeVisible();
  await expect(casey.getByText("-$50.00").first()).toBeVisible();
  const net = (await casey.locator("dl").last().locator("dd").last().textContent()) ?? "";
  expect(net).toMatch(/^-?\$[\d,]+\.\d{2}$/);

  await shot(page, "settlement-draft-1280");
  await shot(page, "settlement-draft-1280", "dark");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "settlement-draft-375");
  await page.setViewportSize({ width: 1280, height: 720 });

  // Approve: locked.
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
  await expect(toastWith(page, "Settlement approved")).toBeVisible();
  await expect(page.getByText("Approved", { exact: true })).toBeVisible();
  await expect(casey.getByRole("button", { name: "Add adjustment" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Hold" })).toHaveCount(0);

  // Mark paid: by check, with its number.
  await page.getByRole("button", { name: "Mark paid" }).click();
  const pay = page.getByRole("dialog", { name: "Mark settlement paid" });
  await chooseOption(page, pay.getByRole("combobox", { name: "Method" }), "Check");
  await pay.getByLabel("Reference (optional)").fill("1042");
  await pay.getByRole("button", { name: "Mark paid" }).click();
  await expect(toastWith(page, "Settlement marked paid")).toBeVisible();
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Paid on .* by Check \(1042\)\./)).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "settlement-paid-375", "dark");
  await page.setViewportSize({ width: 1280, height: 720 });

  // The statement PDF: a download whose text shows the PEVO's net.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    casey.getByRole("link", { name: "Statement PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const pdf = await readPdf(bytes);
  const text = pdf.text.replace(/\s+/g, " ");
  expect(text).toContain("Casey Whitfield");
  expect(text).toContain(net);
  expect(text).toContain("Fuel advance at dispatch");
  writeFileSync(resolve(test.info().project.outputDir, "screenshots", "settlement-statement.pdf"), bytes);

  // The run in the list: paid, with its net.
  await page.getByRole("link", { name: "Back to PEVO pay" }).click();
  const runs = page.getByRole("list", { name: "Settlement runs" });
  await expect(runs.getByRole("link").first()).toContainText("Paid");
});

/**
 * A run of 22 PEVOs (DECISIONS 'PEVO pay': the office screen reads 20 a page): a fresh company, so
 * that the demo company's runs and roster stay as the other specs expect them. Seeded through the
 * API in few requests: one rate confirmation, two dispatch batches (at most 20 a batch).
 */
test("a run of 22 PEVOs shows 20, then 'Load more PEVOs' the other 2; the totals stay the run's", async ({
  page,
}) => {
  test.slow(); // 22 PEVOs seeded and 22 statements read on the shared machine
  // The verification link signs the admin in the page's own cookie jar: no sign-in form needed.
  await createAdmin(page.request, "loadmore");
  const api = page.request;
  const { today } = await browserDays(page);
  const jobDay = addDaysIso(today, -3);
  await apiCreate(api, "/api/clients", { name: "Panhandle Superloads" });
  await apiCreate(api, "/api/pay-plans/default", {
    effectiveFrom: addDaysIso(today, -60),
    kind: "per_job",
    dayRate: "2875.40",
  });
  // In name order: the last two (Uma, Valentina) are the second page's.
  const names = (
    "Alex Avila, Blake Benton, Carmen Cruz, Dana Doyle, Eli Estrada, Fern Foster, Gabe Garza, " +
    "Hana Hughes, Ivan Ibarra, Jo Jensen, Kai Keller, Lena Lopez, Milo Meyer, Nia Nolan, " +
    "Omar Ortiz, Pia Porter, Quinn Quade, Rosa Reyes, Sam Salas, Tate Tucker, Uma Underwood, " +
    "Valentina Villanueva-Castellanos"
  ).split(", ");
  const pevos = await Promise.all(
    names.map((name) => {
      const [firstName, lastName] = name.split(" ");
      return apiCreate<{ id: string }>(api, "/api/pevos", { firstName, lastName, status: "active" });
    }),
  );
  const rc = await createRateConfirmationViaApi(api, {
    jobNumber: "SL-2201",
    originAddress: "1200 Industrial Blvd, Amarillo, TX 79107",
    destinationAddress: "400 Main St, Tulsa, OK 74103",
    startDate: jobDay,
    chaseCars: pevos.length - 1,
  });
  const positions = pevos.map((p, i) => ({
    positionType: i === 0 ? "lead_car" : "chase_car",
    pevoId: p.id,
    pickupDate: jobDay,
  }));
  for (const batch of [positions.slice(0, 20), positions.slice(20)])
    await apiCreate(api, "/api/dispatches/batch", {
      rateConfirmationId: rc.id,
      driverName: "Dale Driver",
      driverPhone: "(806) 555-0199",
      pickupTime: "06:00",
      status: "completed",
      positions: batch,
      // The PEVOs have no licence or insurance on file: the office's override (DECISIONS 'Every assignment is checked').
      qualificationOverride: { reason: "Papers checked at the yard" },
    });
  const run = await apiCreate<{ id: string }>(api, "/api/settlements", {
    periodKind: "custom",
    periodStart: addDaysIso(today, -13),
    periodEnd: today,
    includeUninvoiced: true,
  });
  const last = pevos[21]?.id ?? "";
  await apiCreate(api, `/api/settlements/${run.id}/adjustments`, {
    pevoId: last,
    kind: "bonus",
    amount: "12500.00",
    note: "Safety bonus: twelve months without a claim",
  });

  await page.goto(`/settlements/${run.id}`);
  // 22 × $2,875.40 + the $12,500.00 bonus.
  const net = "$75,758.80";
  await expect(page.getByText(/ · 22 PEVOs · 22 jobs · /)).toBeVisible();
  await expect(page.getByTestId("settlement-net")).toHaveText(net);
  const statements = page.locator("section[aria-labelledby^='pevo-']");
  await expect(statements).toHaveCount(20);
  // Each card reads its own jobs: all 20 in before the full-page captures measure the page.
  const jobLists = page.getByRole("list", { name: /'s jobs$/ });
  await expect(jobLists).toHaveCount(20);
  await expect(page.getByRole("region", { name: "Tate Tucker" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Uma Underwood" })).toHaveCount(0);
  const more = page.getByRole("button", { name: "Load more PEVOs (2 more)" });
  await expect(more).toBeVisible();

  await shot(page, "settlement-load-more-1280");
  await shot(page, "settlement-load-more-1280", "dark");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "settlement-load-more-375");
  await shot(page, "settlement-load-more-375", "dark");

  // From the keyboard, at 375 px: the next page is held until the loading state is checked.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const secondPage = new RegExp(`/api/settlements/${run.id}/pevos\\?page=2&`);
  await page.route(secondPage, async (route) => {
    await held;
    await route.continue();
  });
  await more.focus();
  await page.keyboard.press("Enter");
  const loading = page.getByRole("button", { name: "Loading more PEVOs" });
  await expect(loading).toBeFocused();
  await expect(loading).toHaveAttribute("aria-disabled", "true");
  await saveScreenshot(loading, "settlement-load-more-loading-375");
  release();

  // The other two, in name order; the button gone, focus on the first PEVO it added (not <body>).
  await expect(statements).toHaveCount(22);
  await expect(jobLists).toHaveCount(22);
  await page.unroute(secondPage);
  await expect(page.getByRole("button", { name: /^Load more PEVOs/ })).toHaveCount(0);
  await expect(page.locator(`[id="pevo-${pevos[20]?.id}"]`)).toBeFocused();
  await saveScreenshot(page, "settlement-loaded-more-375");
  const valentina = page.getByRole("region", { name: "Valentina Villanueva-Castellanos", exact: true });
  await expect(valentina.getByText("Bonus: Safety bonus: twelve months without a claim")).toBeVisible();

  // The totals: still the run's, and the 22 statements' nets add up to its net.
  await expect(page.getByText(/ · 22 PEVOs · 22 jobs · /)).toBeVisible();
  await expect(page.getByTestId("settlement-net")).toHaveText(net);
  const nets = await statements.getByText(/^1 job · net \$/).allTextContents();
  const cents = nets.map((t) => Math.round(Number(t.replace(/^.*net \$/, "").replace(/,/g, "")) * 100));
  expect(cents).toHaveLength(22);
  expect(cents.reduce((a, b) => a + b, 0)).toBe(7_575_880);

  await page.setViewportSize({ width: 1280, height: 720 });
  await valentina.scrollIntoViewIfNeeded();
  await saveScreenshot(page, "settlement-loaded-more-1280");
});
