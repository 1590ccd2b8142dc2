import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  addDaysIso,
  apiCreate,
  browserDays,
  chooseOption,
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
