import {
  apiCreate,
  browserDays,
  DEMO_PEVO,
  pickDate,
  saveScreenshot,
  screenshotBothWidths,
  signIn,
  signInAsDemoAdmin,
  signInFreshAdmin,
  toastWith,
  uniqueTag,
  usDate,
} from "../support/helpers";
import { expect, type Locator, type Page, test } from "../support/test";

/** Demo company data (packages/db/src/seed/demo.ts). */
const DEMO_CLIENT = "Lone Star Heavy Haul";
const DEMO_PEVO_NAME = "Ray Delgado";

const STANDARD_RATES = [
  ["Minimum Daily Rate", "450", "450.00"],
  ["Mileage Rate (per mile)", "1.85", "1.85"],
  ["Overnight Rate", "125", "125.00"],
  ["No-Go Rate", "300.5", "300.50"],
  ["Detention Rate", "45.25", "45.25"],
] as const;

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const position = (page: Page, n: number) => page.getByRole("group", { name: `Position ${n}` });
const customRate = (page: Page, n: number) => page.getByRole("group", { name: `Custom Rate ${n}` });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search rate confirmations" });
const listRows = (page: Page) => page.getByRole("table").locator("tbody tr");

/** Picks an option of a Radix select (a combobox). */
async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(combobox).toHaveText(option);
}

/** Picks a PEVO by searching: the picker lists a page at a time, and other journeys add PEVOs to the demo company. */
async function choosePevo(page: Page, combobox: Locator, name: string) {
  await combobox.click();
  await page.getByRole("combobox", { name: "Search PEVOs" }).fill(name);
  await page.getByRole("option").filter({ hasText: name }).first().click();
  await expect(combobox).toHaveText(name);
}

async function openNewForm(page: Page) {
  await page.goto("/rate-confirmations");
  await expect(page.getByRole("heading", { level: 1, name: "Rate Confirmations" })).toBeVisible();
  await page.getByRole("link", { name: "New Rate Confirmation" }).first().click();
  await expect(page).toHaveURL(/\/rate-confirmations\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "New Rate Confirmation" })).toBeVisible();
  // The suggested job number (next free of the day) arrives from the server.
  await expect(field(page, "Job Number")).toHaveValue(/^RC-\d{8}-\d{3}$/, { timeout: 20_000 });
}

type Job = { jobNumber: string; origin: string; destination: string; startDate: string; description: string };

/** A unique job: two workers share one server, so the job number is never the day's suggestion. */
function newJob(tag: string, startDate: string): Job {
  return {
    jobNumber: `E2E-${tag.toUpperCase()}`,
    origin: `1200 Mesquite${tag} Yard, Amarillo, TX`,
    destination: `88 Prairie${tag} Substation, Tulsa, OK`,
    startDate,
    description: `Transformer move ${tag}: 16 ft wide, 15 ft high, two escorts.`,
  };
}

/** Fills the job details and the six standard rates (the form keeps its one Lead Car position). */
async function fillRequired(page: Page, job: Job) {
  await choose(page, field(page, "Client"), DEMO_CLIENT);
  await field(page, "Job Number").fill(job.jobNumber);
  await field(page, "Origin Address").fill(job.origin);
  await field(page, "Destination Address").fill(job.destination);
  await pickDate(page, field(page, "Start Date"), job.startDate);
  await field(page, "Description").fill(job.description);
  for (const [label, typed] of STANDARD_RATES) await field(page, label).fill(typed);
  await field(page, "Detention Threshold (hours)").fill("3");
}

/** Waits for the details page a save lands on and returns the record id. */
async function landedOnDetails(page: Page, job: Job) {
  await expect(page).toHaveURL(/\/rate-confirmations\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: job.jobNumber })).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop() as string;
}

/** Searches the list and expects exactly the one row of this job. */
async function searchFinds(page: Page, term: string, jobNumber: string) {
  await searchBox(page).fill(term);
  await expect(listRows(page)).toHaveCount(1, { timeout: 15_000 });
  await expect(listRows(page).first()).toContainText(jobNumber);
}

test.describe("Rate confirmations", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsDemoAdmin(page);
  });

  test("journey: create with two positions and rates, view, edit, find it by search, create a dispatch", async ({
    page,
  }) => {
    test.slow(); // a long form and several screens, on a busy machine
    const tag = uniqueTag();
    const { fifthOfNextMonth } = await browserDays(page);
    const job = newJob(tag, fifthOfNextMonth);
    const customName = `Flagger ${tag}`;
    const terms = "Fuel surcharge applies above $4.50 per gallon.";

    await openNewForm(page);
    await expect(field(page, "Detention Threshold (hours)")).toHaveValue("2");
    await screenshotBothWidths(page, "rate-confirmation-form-empty");

    await fillRequired(page, job);
    await field(page, "Additional Terms (optional)").fill(terms);

    // One custom rate.
    await page.getByRole("button", { name: "Add Custom Rate" }).click();
    await field(customRate(page, 1), "Name").fill("Bucket truck");
    await field(customRate(page, 1), "Amount").fill("75.5");
    await choose(page, field(customRate(page, 1), "Unit"), "Per Day");

    // Position 1: a Custom Position with its own name; Position 2: a Chase Car with a PEVO.
    await choose(page, field(position(page, 1), "Position Type"), "Custom Position");
    await field(position(page, 1), "Custom Name").fill(customName);
    await page.getByRole("button", { name: "Add Position" }).click();
    await choose(page, field(position(page, 2), "Position Type"), "Chase Car");
    await choosePevo(page, field(position(page, 2), "PEVO"), DEMO_PEVO_NAME);
    await screenshotBothWidths(page, "rate-confirmation-form-filled");

    await page.getByRole("button", { name: "Generate Rate Confirmation" }).click();
    const id = await landedOnDetails(page, job);
    await expect(toastWith(page, "Rate confirmation created successfully")).toBeVisible();

    // Everything is shown on the details page.
    await expect(page.getByText(`Client: ${DEMO_CLIENT}`)).toBeVisible();
    await expect(field(page, "Client")).toHaveText(DEMO_CLIENT);
    await expect(field(page, "Job Number")).toHaveValue(job.jobNumber);
    await expect(field(page, "Origin Address")).toHaveValue(job.origin);
    await expect(field(page, "Destination Address")).toHaveValue(job.destination);
    await expect(field(page, "Start Date")).toHaveText(usDate(job.startDate));
    await expect(field(page, "Description")).toHaveValue(job.description);
    await expect(field(page, "Additional Terms (optional)")).toHaveValue(terms);
    for (const [label, , stored] of STANDARD_RATES) await expect(field(page, label)).toHaveValue(stored);
    await expect(field(page, "Detention Threshold (hours)")).toHaveValue("3");
    await expect(field(customRate(page, 1), "Name")).toHaveValue("Bucket truck");
    await expect(field(customRate(page, 1), "Amount")).toHaveValue("75.50");
    await expect(field(customRate(page, 1), "Unit")).toHaveText("Per Day");
    await expect(page.getByRole("group", { name: /^Position \d$/ })).toHaveCount(2);
    await expect(field(position(page, 1), "Position Type")).toHaveText("Custom Position");
    await expect(field(position(page, 1), "Custom Name")).toHaveValue(customName);
    await expect(field(position(page, 1), "PEVO")).toHaveText("Unassigned");
    await expect(field(position(page, 2), "Position Type")).toHaveText("Chase Car");
    await expect(field(position(page, 2), "PEVO")).toHaveText(DEMO_PEVO_NAME);
    await screenshotBothWidths(page, "rate-confirmation-details");

    // Edit: a new description, the custom position removed; saving is a real update.
    const newDescription = `Revised ${tag}: one chase car only, night move.`;
    await field(page, "Description").fill(newDescription);
    await position(page, 1).getByRole("button", { name: "Remove position 1" }).click();
    await expect(page.getByRole("group", { name: /^Position \d$/ })).toHaveCount(1);
    await expect(field(position(page, 1), "Position Type")).toHaveText("Chase Car");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastWith(page, "Rate confirmation updated successfully")).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/rate-confirmations/${id}$`));

    // The list shows the change: one position now.
    await page.getByRole("link", { name: "Back to List" }).click();
    await expect(page).toHaveURL(/\/rate-confirmations$/);
    await searchFinds(page, job.jobNumber.toLowerCase(), job.jobNumber);
    const row = listRows(page).first();
    const cells = row.getByRole("cell");
    await expect(cells.nth(0)).toHaveText(job.jobNumber);
    await expect(cells.nth(1)).toHaveText(DEMO_CLIENT);
    await expect(cells.nth(2)).toHaveText(job.origin);
    await expect(cells.nth(3)).toHaveText(job.destination);
    await expect(cells.nth(4)).toHaveText(usDate(job.startDate));
    // One position, and how many of them are dispatched (DECISIONS 'One dispatch per position'): none yet.
    await expect(cells.nth(6).getByText("1", { exact: true })).toBeVisible();
    await expect(cells.nth(6)).toContainText("0 of 1 position dispatched");
    // Never sent for signature.
    await expect(cells.nth(7)).toHaveText("Not sent");
    await screenshotBothWidths(page, "rate-confirmations-list-search");

    // ...and the details page, loaded afresh, the new description and the one position.
    await row.getByRole("link", { name: `View ${job.jobNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/rate-confirmations/${id}$`));
    await page.reload();
    await expect(field(page, "Description")).toHaveValue(newDescription);
    await expect(page.getByRole("group", { name: /^Position \d$/ })).toHaveCount(1);
    await expect(field(position(page, 1), "PEVO")).toHaveText(DEMO_PEVO_NAME);

    // Search by job number, origin and destination, whatever the case.
    await page.getByRole("link", { name: "Back to List" }).click();
    await expect(page).toHaveURL(/\/rate-confirmations$/);
    await expect(listRows(page).nth(1)).toBeVisible(); // the whole list first
    await searchFinds(page, job.jobNumber.toLowerCase(), job.jobNumber);
    await searchFinds(page, `MESQUITE${tag.toUpperCase()} YARD`, job.jobNumber);
    await searchFinds(page, `prairie${tag.toLowerCase()}`, job.jobNumber);
    await searchFinds(page, `PRAIRIE${tag.toUpperCase()}`, job.jobNumber);
    await searchBox(page).fill(`no-such-job-${tag}`);
    await expect(page.getByText("No rate confirmations match these filters")).toBeVisible();
    await searchBox(page).fill("");
    await expect(listRows(page).nth(1)).toBeVisible();
    await screenshotBothWidths(page, "rate-confirmations-list");

    // Create Dispatch goes to the new dispatch form for this rate confirmation.
    await page.goto(`/rate-confirmations/${id}`);
    await page.getByRole("link", { name: "Create Dispatch" }).click();
    await expect(page).toHaveURL(new RegExp(`/dispatching/new\\?rcId=${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "New Dispatch" })).toBeVisible();
  });

  test("an empty form shows the validation messages and saves nothing", async ({ page }) => {
    await openNewForm(page);
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/rate-confirmations")
        posted++;
    });
    await field(page, "Job Number").fill("");
    await field(page, "Detention Threshold (hours)").fill("");
    await page.getByRole("button", { name: "Generate Rate Confirmation" }).click();

    for (const message of [
      "Please select a client",
      "Job number is required",
      "Origin address is required",
      "Destination address is required",
      "Start date is required",
      "Please provide a detailed job description",
      "Minimum daily rate is required",
      "Mileage rate is required",
      "Overnight rate is required",
      "No-go rate is required",
      "Detention rate is required",
      "Detention threshold is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(field(page, "Origin Address")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/rate-confirmations\/new$/);
    expect(posted).toBe(0);
    await screenshotBothWidths(page, "rate-confirmation-form-errors");

    // Too short is not enough either.
    await field(page, "Origin Address").fill("Tx");
    await field(page, "Description").fill("Short");
    await page.getByRole("button", { name: "Generate Rate Confirmation" }).click();
    await expect(page.getByText("Origin address is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Please provide a detailed job description", { exact: true })).toBeVisible();

    // A custom rate needs a name and an amount.
    await page.getByRole("button", { name: "Add Custom Rate" }).click();
    await page.getByRole("button", { name: "Generate Rate Confirmation" }).click();
    await expect(customRate(page, 1).getByText("Rate name is required")).toBeVisible();
    await expect(customRate(page, 1).getByText("Rate amount is required")).toBeVisible();
    expect(posted).toBe(0);
  });

  test("with every position removed, 'At least one position is required' and nothing is saved", async ({
    page,
  }) => {
    const tag = uniqueTag();
    const { fifthOfNextMonth } = await browserDays(page);
    const job = newJob(tag, fifthOfNextMonth);
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/rate-confirmations")
        posted++;
    });

    await openNewForm(page);
    await fillRequired(page, job);
    await position(page, 1).getByRole("button", { name: "Remove position 1" }).click();
    await expect(page.getByRole("group", { name: /^Position \d$/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Generate Rate Confirmation" }).click();

    await expect(toastWith(page, "At least one position is required")).toBeVisible();
    await expect(page.locator("#rc-positions-error")).toHaveText("At least one position is required");
    await expect(page).toHaveURL(/\/rate-confirmations\/new$/);
    expect(posted).toBe(0);

    // Nothing was saved under that job number.
    const found = await page.request.get(
      `/api/rate-confirmations?includeCanceled=true&q=${encodeURIComponent(job.jobNumber)}`,
    );
    expect(found.ok()).toBe(true);
    expect((await found.json()).items).toEqual([]);
    await page.goto(`/rate-confirmations?q=${encodeURIComponent(job.jobNumber)}`);
    await expect(page.getByText("No rate confirmations match these filters")).toBeVisible();
  });

  test("an unknown rate confirmation reads 'Rate confirmation not found'", async ({ page }) => {
    await page.goto("/rate-confirmations/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Rate confirmation not found")).toBeVisible({ timeout: 20_000 });
    await page.getByRole("link", { name: "Back to List" }).click();
    await expect(page).toHaveURL(/\/rate-confirmations$/);
  });

  test("a job number already used is a field error on Job Number", async ({ page }) => {
    // A job number of the demo company's own records.
    const existing = await page.request.get("/api/rate-confirmations");
    expect(existing.ok()).toBe(true);
    const [taken] = ((await existing.json()) as { items: { jobNumber: string }[] }).items;
    expect(taken?.jobNumber).toBeTruthy();

    const tag = uniqueTag();
    const { fifthOfNextMonth } = await browserDays(page);
    const job = { ...newJob(tag, fifthOfNextMonth), jobNumber: taken.jobNumber };
    await openNewForm(page);
    await fillRequired(page, job);
    await page.getByRole("button", { name: "Generate Rate Confirmation" }).click();

    await expect(page.locator("#rc-jobNumber-error")).toHaveText(
      "This job number is already used by another rate confirmation",
      { timeout: 20_000 },
    );
    await expect(field(page, "Job Number")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/rate-confirmations\/new$/);
    // Nothing saved: no record with this job's (unique) origin.
    const found = await page.request.get(
      `/api/rate-confirmations?includeCanceled=true&q=${encodeURIComponent(`Mesquite${tag}`)}`,
    );
    expect((await found.json()).items).toEqual([]);
  });
});

for (const timezoneId of ["Pacific/Auckland", "America/Los_Angeles"]) {
  test.describe(`Rate confirmation start date in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("a start date picked as the 5th is shown as the 5th in the list and the form", async ({ page }) => {
      await signInAsDemoAdmin(page);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
      const tag = uniqueTag();
      const { fifthOfNextMonth } = await browserDays(page);
      const job = newJob(tag, fifthOfNextMonth);

      await openNewForm(page);
      await fillRequired(page, job);
      await page.getByRole("button", { name: "Generate Rate Confirmation" }).click();
      await landedOnDetails(page, job);
      await expect(field(page, "Start Date")).toHaveText(usDate(fifthOfNextMonth));

      await page.goto(`/rate-confirmations?q=${encodeURIComponent(job.jobNumber)}`);
      await expect(listRows(page)).toHaveCount(1);
      const startCell = listRows(page).first().getByRole("cell").nth(4);
      await expect(startCell).toHaveText(usDate(fifthOfNextMonth));
      await expect(startCell).toHaveText(/^[A-Z][a-z]{2} 05, \d{4}$/);
    });
  });
}

test.describe("Rate confirmation actions", () => {
  test("duplicate, then cancel (banner, restore, cancel again), then delete, through the page's menu", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await signInFreshAdmin(page, request, "rc-actions");
    const tag = uniqueTag();
    const client = await apiCreate<{ id: string }>(page.request, "/api/clients", { name: `Actions ${tag}` });
    const source = await apiCreate<{ id: string; jobNumber: string }>(
      page.request,
      "/api/rate-confirmations",
      {
        clientId: client.id,
        jobNumber: `ACT-${tag.toUpperCase()}`,
        originAddress: "Amarillo, TX 79101",
        destinationAddress: "Tulsa, OK 74103",
        startDate: "2025-06-10",
        description: `Actions journey ${tag}`,
        standardRates: {
          minimumDailyRate: "450",
          mileageRate: "1.85",
          overnightRate: "125",
          noGoRate: "300",
          detentionRate: "45",
          detentionThreshold: 2,
        },
        customRates: [{ name: "Bucket truck", amount: "75.5", unit: "daily" }],
        positions: [{ positionType: "lead_car", pevoId: null }],
      },
    );

    await page.goto(`/rate-confirmations/${source.id}`);
    await expect(page.getByRole("heading", { level: 1, name: source.jobNumber })).toBeVisible({
      timeout: 30_000,
    });
    const more = page.getByRole("button", { name: `More actions for ${source.jobNumber}` });
    await more.click();
    await screenshotBothWidths(page, "rate-confirmation-actions-menu");
    await page.keyboard.press("Escape");

    // Duplicate (keyboard): a new draft with today's job number.
    await more.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Duplicate" }).click();
    await expect(toastWith(page, "Duplicated as RC-")).toBeVisible({ timeout: 30_000 });
    await expect(page).not.toHaveURL(new RegExp(source.id));
    await expect(page.getByRole("heading", { level: 1, name: /^RC-\d{8}-\d{3}$/ })).toBeVisible();
    const copyNumber = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await expect(field(page, "Description")).toHaveValue(`Actions journey ${tag}`);

    // Cancel the copy: a confirmation, then the banner; the form is read-only.
    await page.getByRole("button", { name: `More actions for ${copyNumber}` }).click();
    await page.getByRole("menuitem", { name: "Cancel Rate Confirmation" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5); // a click outside does not dismiss it
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel Rate Confirmation" }).click();
    await expect(toastWith(page, "Rate confirmation canceled")).toBeVisible();
    const banner = page.getByRole("status").filter({ hasText: "Canceled" });
    await expect(banner).toBeVisible();
    await expect(field(page, "Description")).toBeDisabled();
    await expect(page.getByRole("link", { name: "Create Dispatch" })).toHaveCount(0);
    await screenshotBothWidths(page, "rate-confirmation-canceled");

    await banner.getByRole("button", { name: "Restore" }).click();
    await expect(toastWith(page, "Rate confirmation restored")).toBeVisible();
    await expect(field(page, "Description")).toBeEnabled();
    await page.getByRole("button", { name: `More actions for ${copyNumber}` }).click();
    await page.getByRole("menuitem", { name: "Cancel Rate Confirmation" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel Rate Confirmation" }).click();
    await expect(banner).toBeVisible();

    // The list shows it as Canceled.
    await page.goto("/rate-confirmations");
    const row = page.getByRole("table").locator("tbody tr").filter({ hasText: copyNumber });
    await expect(row).toContainText("Canceled", { timeout: 30_000 });

    // Delete it: it is gone from the list.
    await row.getByRole("link", { name: copyNumber, exact: true }).click();
    await page.getByRole("button", { name: `More actions for ${copyNumber}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Rate confirmation deleted")).toBeVisible();
    await expect(page).toHaveURL(/\/rate-confirmations$/);
    await expect(
      page.getByRole("table").locator("tbody tr").filter({ hasText: source.jobNumber }),
    ).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect(page.getByRole("table").locator("tbody tr").filter({ hasText: copyNumber })).toHaveCount(0);
  });
});

/** The demo PEVO with a login (DEMO_PEVO), who sees the job on the phone. */
const DEMO_LOGIN_PEVO_NAME = "Casey Whitfield";

test.describe("Load details", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsDemoAdmin(page);
  });

  test("load details: the height-pole warning, feet and inches, ordered route states and permits; shown on the dispatch page and the PEVO's phone", async ({
    page,
    browser,
  }) => {
    test.slow();
    const tag = uniqueTag();
    const { fifthOfNextMonth } = await browserDays(page);
    const job = newJob(tag, fifthOfNextMonth);
    const load = page
      .locator("[data-slot=card]")
      .filter({ has: page.getByText("Load Details", { exact: true }) });
    const warning = load.getByText(/A High Pole Car is on this job but the load height is not given/);
    const chips = load.getByRole("list", { name: "States on the route, in order" }).getByRole("listitem");

    await openNewForm(page);
    await fillRequired(page, job);
    await choose(page, field(position(page, 1), "Position Type"), "High Pole Car");
    await choosePevo(page, field(position(page, 1), "PEVO"), DEMO_LOGIN_PEVO_NAME);
    await expect(warning).toBeVisible();
    await warning.scrollIntoViewIfNeeded();
    await saveScreenshot(page, "rc-form-height-pole-warning-1280");

    await field(load, "Load Description").fill(`Transformer ${tag} on a 13-axle trailer`);
    await load.getByLabel("Width, feet").fill("16");
    await load.getByLabel("Width, inches").fill("0");
    await load.getByLabel("Length, feet").fill("95");
    await field(load, "Weight (lb)").fill("186000");
    await load.getByLabel("Rear Overhang, feet").fill("8");
    await load.getByLabel("Rear Overhang, inches").fill("6");
    await field(load, "Truck Number").fill("T-118");
    await field(load, "Trailer Number").fill("TR-42");
    await field(load, "CB Channel").fill("19");
    const routeBox = field(load, "States on Route");
    await routeBox.fill("tx ok ks co");
    await routeBox.press("Enter");
    await expect(chips).toHaveText(["1.TX", "2.OK", "3.KS", "4.CO"]);
    await routeBox.fill("XX tx");
    await load.getByRole("button", { name: "Add", exact: true }).click();
    await expect(load.getByText("Not a US state code: XX. Already on the route: TX")).toBeVisible();
    await load.getByRole("button", { name: "Move CO earlier" }).click();
    await expect(chips).toHaveText(["1.TX", "2.OK", "3.CO", "4.KS"]);
    // A new permit starts at the first state on the route.
    await load.getByRole("button", { name: "Add Permit" }).click();
    const permit = load.getByRole("group", { name: "Permit 1" });
    await expect(field(permit, "State")).toHaveText("TX");
    await field(permit, "Permit Number").fill(`TX-${tag}`);
    await field(load, "Route Description").fill("I-40 E to Oklahoma City, I-35 N");

    // The height answers the warning.
    await load.getByLabel("Height, feet").fill("14");
    await load.getByLabel("Height, inches").fill("6");
    await expect(warning).toBeHidden();
    // From the top: a full-page capture draws the sticky header where the page is scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, "rc-form-load-details-1280", { fullPage: true });
    // On a phone the section fits the width (feet and inches side by side, the chips wrap).
    await page.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      .toBe(false);
    await saveScreenshot(load, "rc-form-load-details-375");
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole("button", { name: "Generate Rate Confirmation" }).click();
    // The demo PEVO holds a TX certificate, none for OK, CO or KS (DECISIONS 'Every assignment is checked'): the admin assigns anyway.
    const notQualified = page.getByRole("alertdialog", { name: "PEVO not qualified for this route" });
    await expect(notQualified).toContainText("No certificate accepted in OK");
    await expect(notQualified).not.toContainText("accepted in TX");
    await notQualified.getByLabel("Reason for assigning anyway").fill("Certificates checked on paper");
    await notQualified.getByRole("button", { name: "Assign anyway" }).click();
    const id = await landedOnDetails(page, job);
    await page.reload();
    await expect(load.getByLabel("Height, feet")).toHaveValue("14");
    await expect(load.getByLabel("Height, inches")).toHaveValue("6");
    await expect(load.getByLabel("Length, feet")).toHaveValue("95");
    await expect(load.getByLabel("Length, inches")).toHaveValue("0");
    await expect(field(load, "Weight (lb)")).toHaveValue("186000");
    await expect(field(load, "CB Channel")).toHaveValue("19");
    await expect(chips).toHaveText(["1.TX", "2.OK", "3.CO", "4.KS"]);
    await expect(field(permit, "Permit Number")).toHaveValue(`TX-${tag}`);

    // A CB channel out of range is the field's message, and nothing is saved.
    await field(load, "CB Channel").fill("41");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(load.getByText("CB channel must be 1 to 40")).toBeVisible();
    await field(load, "CB Channel").fill("19");

    // The office's dispatch page shows them with the linked rate confirmation.
    const pevos = (await (await page.request.get("/api/pevos?q=Whitfield")).json()) as {
      items: { id: string }[];
    };
    const dispatch = await apiCreate<{ id: string }>(page.request, "/api/dispatches", {
      rateConfirmationId: id,
      pevoId: pevos.items[0].id,
      driverName: `Driver ${tag}`,
      driverPhone: "(806) 555-0199",
      pickupDate: fifthOfNextMonth,
      pickupTime: "06:30",
      qualificationOverride: { reason: "Certificates checked on paper" },
    });
    await page.goto(`/dispatching/${dispatch.id}`);
    const summary = page.getByRole("region", { name: "Linked rate confirmation" });
    await expect(summary.locator('dt:text-is("Height") + dd')).toHaveText(`14' 6"`);
    await expect(summary.getByRole("list", { name: "States on the route, in order" })).toHaveText(
      /TX.*OK.*CO.*KS/,
    );
    await saveScreenshot(summary, "dispatch-load-1280");

    // The PEVO sees them on the phone.
    const context = await browser.newContext({
      baseURL: String(test.info().project.use.baseURL),
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const phone = await context.newPage();
      await signIn(phone, DEMO_PEVO.email, DEMO_PEVO.password);
      await expect(phone).toHaveURL(/\/pevo/, { timeout: 20_000 });
      await phone.goto(`/pevo/dispatches?id=${dispatch.id}`);
      const loadCard = phone
        .locator("[data-slot=card]")
        .filter({ has: phone.getByText("Load", { exact: true }) });
      await expect(loadCard.locator('dt:text-is("Width") + dd')).toHaveText(`16' 0"`);
      await expect(loadCard.locator('dt:text-is("Weight") + dd')).toHaveText("186,000 lb");
      await expect(loadCard.locator('dt:text-is("CB channel") + dd')).toHaveText("19");
      await expect(loadCard.locator('dt:text-is("Permits") + dd')).toHaveText(`TX TX-${tag}`);
      const hasOverflow = await phone.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(hasOverflow).toBe(false);
      await phone.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(phone, "pevo-job-load-375", { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
