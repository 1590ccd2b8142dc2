import {
  acceptInvitation,
  addDaysIso,
  apiCreate,
  createPevoViaApi,
  latestMail,
  saveScreenshot,
  signIn,
  signInAsDemoAdmin,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/*
 * The PEVO knows their position (DECISIONS 'Everyone knows the position'): the office (1280 px)
 * dispatches a PEVO as Lead Car on a two-position job; the PEVO (375 px, their own browser) reads
 * the position in the assignment email, on their job list (city and state first) and on the job
 * page; the rate confirmation shows who covers each position, with the dispatch's status, or Open.
 */

async function bothThemes(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    await page.waitForTimeout(200);
    await saveScreenshot(page, `${name}-${theme}`, { fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("the PEVO sees their position in the email, on their list and job page; the job shows who covers what", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsDemoAdmin(page);

  const email = uniqueEmail("lead");
  const pevo = await createPevoViaApi(page.request, { firstName: "Lena", lastName: `Lead${tag}`, email });
  const clients = (await (await page.request.get("/api/clients")).json()) as { items: { id: string }[] };
  const start = addDaysIso(new Date().toISOString().slice(0, 10), 3);
  const jobNumber = `RC-CREW-${tag}`;
  const rc = await apiCreate<{ id: string }>(page.request, "/api/rate-confirmations", {
    clientId: clients.items[0]?.id,
    jobNumber,
    originAddress: "8800 Jacintoport Blvd, Houston, TX 77015",
    destinationAddress: "3500 N Hillside St, Wichita, KS 67219",
    startDate: start,
    description: "Transformer, 16 ft wide: lead and chase.",
    standardRates: {
      minimumDailyRate: "450",
      mileageRate: "1.85",
      overnightRate: "125",
      noGoRate: "300",
      detentionRate: "45",
      detentionThreshold: 2,
    },
    customRates: [],
    positions: [{ positionType: "lead_car" }, { positionType: "chase_car" }],
  });
  await apiCreate(page.request, "/api/dispatches", {
    rateConfirmationId: rc.id,
    pevoId: pevo.id,
    positionType: "lead_car",
    driverName: "Dale Trucker",
    driverPhone: "(555) 123-4567",
    pickupDate: start,
    pickupTime: "07:30",
    status: "pending",
  });

  // The rate confirmation: Lead Car covered by Lena (Pending), Chase Car open.
  await page.goto(`/rate-confirmations/${rc.id}`);
  const card = page.getByRole("region", { name: "Dispatched positions" });
  await expect(card).toBeVisible({ timeout: 20_000 });
  const lead = card.getByRole("listitem", { name: "Position 1: Lead Car" });
  await expect(lead.getByRole("link", { name: `Lena Lead${tag}` })).toBeVisible();
  await expect(lead.getByText("Pending", { exact: true })).toBeVisible();
  await expect(card.getByRole("listitem", { name: "Position 2: Chase Car" }).getByText("Open")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    await page.waitForTimeout(200);
    await saveScreenshot(card, `crew-rc-positions-1280-${theme}`);
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));

  // The office's dispatch list has the Position column.
  await page.goto(`/dispatching?q=${encodeURIComponent(jobNumber)}`);
  await expect(page.getByRole("columnheader", { name: "Position", exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("cell", { name: "Lead Car" })).toBeVisible();

  // The PEVO's email names the position and the city of pickup.
  const mail = await latestMail(page.request, email, /^New dispatch: Lead Car/);
  expect(mail.text).toContain(`as Lead Car on job ${jobNumber}`);
  expect(mail.text).toContain("in Houston, TX");

  // The PEVO, on their phone.
  // On the PEVO's own phone: the office's browser stays signed in as the office.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    baseURL: test.info().project.use.baseURL,
  });
  const pevoPage = await phone.newPage();
  await acceptInvitation(pevoPage, email, "lead-car-2025!");
  await signIn(pevoPage, email, "lead-car-2025!");
  await expect(pevoPage).toHaveURL(/\/pevo/, { timeout: 20_000 });
  await pevoPage.goto("/pevo/dispatches");
  const item = pevoPage.getByRole("listitem").filter({ hasText: jobNumber });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item.getByText("Lead Car")).toBeVisible();
  await expect(item.getByText("Houston, TX → Wichita, KS")).toBeVisible();
  await bothThemes(pevoPage, "crew-portal-list-375");

  await item.getByRole("link", { name: /Details/ }).click();
  await expect(pevoPage.getByRole("heading", { name: `Job #${jobNumber}` })).toBeVisible({ timeout: 20_000 });
  await expect(pevoPage.getByText("Your position")).toBeVisible();
  await expect(pevoPage.getByText("Lead Car", { exact: true })).toBeVisible();
  await expect(pevoPage.getByText("8800 Jacintoport Blvd, Houston, TX 77015")).toBeVisible();
  await bothThemes(pevoPage, "crew-portal-job-375");

  // The pickup is days away: accepting, then "On my way" asks first.
  await pevoPage.getByRole("button", { name: "Accept job" }).click();
  await pevoPage.getByRole("button", { name: "On my way" }).click();
  const ask = pevoPage.getByRole("alertdialog", { name: "Start this job early?" });
  await expect(ask).toContainText(/This job's pickup is [A-Z][a-z]{2} \d{1,2}(, \d{4})? — start it now\?/);
  await saveScreenshot(pevoPage, "crew-portal-early-start-375-light");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(pevoPage.getByTestId("job-stage")).toHaveText(
    "You accepted this job. Tap the button when you head out.",
  );
  // Started anyway: the timeline keeps the real time of the tap, not the pickup day.
  await pevoPage.getByRole("button", { name: "On my way" }).click();
  await ask.getByRole("button", { name: "On my way" }).click();
  await expect(ask).toBeHidden();
  const step = pevoPage
    .getByRole("list", { name: "Job timeline" })
    .getByRole("listitem")
    .filter({ hasText: "On my way" });
  await expect(step).toBeVisible({ timeout: 20_000 });
  const at = await step.locator("time").getAttribute("datetime");
  expect(Math.abs(Date.parse(at ?? "") - Date.now())).toBeLessThan(15 * 60_000);
  await phone.close();
});
