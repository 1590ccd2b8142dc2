import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  acceptInvitation,
  addDaysIso,
  addSettlementBonusViaApi,
  apiCreate,
  approveSettlementViaApi,
  createCompletedDispatchViaApi,
  createPerJobPayPlanViaApi,
  createPevoViaApi,
  createRateConfirmationViaApi,
  createSettlementRunViaApi,
  readPdf,
  saveScreenshot,
  signIn,
  signInFreshAdmin,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { type Browser, expect, type Page, test } from "../support/test";

/**
 * The PEVO's Earnings and the 1099-NEC totals (DECISIONS 'PEVO pay' → Portal Earnings; 'Year end:
 * W-9 and 1099-NEC' → Totals): a fresh company pays its PEVO a settlement (set up through the API);
 * the PEVO, on a 375 px phone, finds the statement under Earnings and downloads its PDF; the office
 * downloads this year's 1099-NEC CSV from Year end and finds the PEVO's box 1 in it.
 */

const PASSWORD = "earn-pass-2026";

async function phone(browser: Browser) {
  const context = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  return { context, page: await context.newPage() };
}

/** A full-page screenshot in the portal's dark theme (its default) and in the light one. */
async function bothThemes(page: Page, name: string) {
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await saveScreenshot(page, `${name}-dark`, { fullPage: true });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await saveScreenshot(page, `${name}-light`, { fullPage: true });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
}

test("a paid settlement: the PEVO sees it under Earnings and downloads the PDF; the 1099-NEC CSV has it", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  await signInFreshAdmin(page, request, "earn");
  const api = page.request;
  await apiCreate(api, "/api/clients", { name: `Earnings Client ${tag}`, email: uniqueEmail("client") });
  const email = uniqueEmail("earn-pevo");
  const pevo = await createPevoViaApi(api, { firstName: "Erin", lastName: `Earner${tag}`, email });
  const today = new Date().toISOString().slice(0, 10);
  const jobDay = addDaysIso(today, -3);
  const rc = await createRateConfirmationViaApi(api, {
    jobNumber: `EARN-${tag}`,
    originAddress: "1200 Industrial Blvd, Amarillo, TX 79107",
    destinationAddress: "400 Main St, Tulsa, OK 74103",
    startDate: jobDay,
  });
  await createCompletedDispatchViaApi(api, rc.id, { pevoId: pevo.id, pickupDate: jobDay });
  await createPerJobPayPlanViaApi(api, today);
  const settlement = await createSettlementRunViaApi(api, addDaysIso(today, -13), today);
  await addSettlementBonusViaApi(api, settlement.id, {
    pevoId: pevo.id,
    amount: "1800.00",
    note: "Season bonus",
  });
  await approveSettlementViaApi(api, settlement.id, { date: today, reference: `ACH-${tag}` });

  // Twenty older statements, approved and not paid yet: a page of Earnings is 20, so the first
  // statement above and 19 of these fill it and "Load more" brings the last one.
  for (let i = 0; i < 20; i++) {
    const day = addDaysIso(today, -20 - i);
    await createCompletedDispatchViaApi(api, rc.id, { pevoId: pevo.id, pickupDate: day });
    const older = await createSettlementRunViaApi(api, day, day);
    await approveSettlementViaApi(api, older.id);
  }

  // The PEVO, on a phone: the invitation, then Earnings from the menu.
  const mobile = await phone(browser);
  await acceptInvitation(mobile.page, email, PASSWORD);
  await signIn(mobile.page, email, PASSWORD);
  await expect(mobile.page).toHaveURL(/\/pevo$/, { timeout: 30_000 });
  await mobile.page.getByRole("button", { name: "Open menu" }).click();
  await mobile.page.getByRole("link", { name: "Earnings" }).click();
  await expect(mobile.page).toHaveURL(/\/pevo\/earnings$/);
  await expect(mobile.page.getByRole("heading", { name: "Earnings" })).toBeVisible();
  await expect(mobile.page.getByTestId("year-total")).toHaveText("$2,250.00");
  const statements = mobile.page.getByRole("list", { name: "Statements" });
  // The newest period first: the paid statement.
  const newest = statements.locator(":scope > li").first();
  await expect(newest).toContainText("$2,250.00");
  await expect(newest.getByText(/^Paid /)).toBeVisible();
  await newest.getByText("Pay per job").click();
  await expect(newest.getByText(`Job #${rc.jobNumber}`)).toBeVisible();
  await expect(newest.getByText("Bonus: Season bonus")).toBeVisible();
  await bothThemes(mobile.page, "earnings-375");

  // A page at a time: 20 statements, then "Load more" brings the 21st; the year's total is the same.
  const cards = statements.locator(":scope > li");
  await expect(cards).toHaveCount(20);
  await mobile.page.getByRole("button", { name: "Load more" }).click();
  await expect(cards).toHaveCount(21);
  await expect(mobile.page.getByText("That's all 21 statements")).toBeVisible();
  await expect(mobile.page.getByTestId("year-total")).toHaveText("$2,250.00");
  await mobile.page.evaluate(() => window.scrollTo(0, 0));

  const [statementPdf] = await Promise.all([
    mobile.page.waitForEvent("download"),
    newest.getByRole("link", { name: "Download statement (PDF)" }).click(),
  ]);
  expect(statementPdf.suggestedFilename()).toMatch(/\.pdf$/);
  const { text } = await readPdf(readFileSync(await statementPdf.path()));
  expect(text).toContain("PAY STATEMENT");
  expect(text).toContain(`Erin Earner${tag}`);
  expect(text).toContain("2,250.00");
  await mobile.context.close();

  // The office: this year's 1099-NEC CSV from Year end has the PEVO's box 1.
  await page.goto("/year-end");
  await expect(page.getByRole("heading", { name: "Year end (1099-NEC)" })).toBeVisible();
  const year = today.slice(0, 4);
  await expect(page.getByText(`Nonemployee compensation ${year}`)).toBeVisible();
  const [csvFile] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "1099-NEC CSV" }).click(),
  ]);
  expect(csvFile.suggestedFilename()).toBe(`1099-nec-${year}.csv`);
  const [header, ...rows] = readFileSync(await csvFile.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => line.split(","));
  const column = (name: string) => (header ?? []).indexOf(name);
  const row = rows.find((r) => r[column("Account Number")] === pevo.id);
  expect(row?.[column("Recipient Name")]).toBe(`Erin Earner${tag}`);
  expect(row?.[column("Box 1 Nonemployee Compensation")]).toBe("2250.00");

  // Copy B, as the office prints it, for the team to look at.
  const [copyB] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Copy B" }).first().click(),
  ]);
  const copyBBytes = readFileSync(await copyB.path());
  expect((await readPdf(copyBBytes)).text).toContain("$2,250.00");
  writeFileSync(resolve(test.info().project.outputDir, "screenshots", "copy-b.pdf"), copyBBytes);
});
