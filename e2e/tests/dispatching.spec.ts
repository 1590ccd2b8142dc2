import {
  apiCreate,
  browserDays,
  createPevoViaApi,
  createRateConfirmationViaApi,
  mailsTo,
  saveScreenshot,
  screenshotBothWidths,
  signInAsDemoAdmin,
  toastWith,
  uniqueEmail,
  uniqueTag,
  usDate,
} from "../support/helpers";
import { expect, type Locator, type Page, type Response, test } from "../support/test";

/** SPEC §2 /dispatching, §5 dispatch form, §8 dispatches; DECISIONS 'Dispatches'. */

const DELETE_QUESTION = "Are you sure you want to delete this dispatch?";
const NEW_DISPATCH_MAIL = /^New dispatch/;

const combobox = (page: Page, label: string) => page.getByRole("combobox", { name: label, exact: true });
const pickupDate = (page: Page) => page.getByLabel("Pickup Date", { exact: true });
const pickupTime = (page: Page) => page.getByLabel("Pickup Time", { exact: true });
const driverName = (page: Page) => page.getByLabel("Driver Name", { exact: true });
const driverPhone = (page: Page) => page.getByLabel("Driver Phone", { exact: true });
const driverCompany = (page: Page) => page.getByLabel("Driver Company (optional)", { exact: true });
const notes = (page: Page) => page.getByLabel("Notes (optional)", { exact: true });

/** The /dispatching table row of a (unique) driver, and its cells by column. */
const rowOf = (page: Page, driver: string) => page.getByRole("row").filter({ hasText: driver });
const COLUMNS = ["Job #", "Driver", "PEVO", "Position", "Pickup Date", "Pickup Time", "Status"] as const;
const cell = (page: Page, driver: string, column: (typeof COLUMNS)[number]) =>
  rowOf(page, driver).getByRole("cell").nth(COLUMNS.indexOf(column));

/** Picks an option of a Radix select (a combobox) by its text. */
async function choose(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(trigger).toHaveText(option);
}

/** Opens the row menu of a driver's dispatch on /dispatching and picks View, Edit or Delete. */
async function rowAction(page: Page, driver: string, action: "View" | "Edit" | "Delete") {
  await page.getByRole("button", { name: `Open menu for ${driver}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

/** Screenshots at 1280 and 375 px from the top of the page (a sticky header would otherwise sit mid-page). */
async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotBothWidths(page, name);
}

async function openList(page: Page) {
  await page.goto("/dispatching");
  await expect(page.getByRole("heading", { level: 1, name: "Dispatching" })).toBeVisible();
}

/** The list is paged (and the demo company busy): search for a driver to bring their row up. */
async function searchList(page: Page, driver: string) {
  await page.getByLabel("Search dispatches").fill(driver);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(rowOf(page, driver)).toHaveCount(1);
}

type DispatchRecord = { id: string; driverName: string };

test.describe("Dispatching (admin)", () => {
  test("journey 1: from a rate confirmation, create a dispatch, see it listed, view, edit and save it; the PEVO gets one email", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInAsDemoAdmin(page);
    const { today } = await browserDays(page);
    const tag = uniqueTag();
    const TAG = tag.toUpperCase();

    // Our own PEVO (with a login, so assigning them sends an email) and our own rate confirmation.
    const pevoEmail = uniqueEmail("dispatch-pevo");
    const pevo = await createPevoViaApi(page.request, {
      firstName: "Avery",
      lastName: `Mendez${tag}`,
      email: pevoEmail,
      phone: "(806) 555-0100",
    });
    const pevoName = `${pevo.firstName} ${pevo.lastName}`;
    const job = {
      jobNumber: `DSP-${TAG}`,
      originAddress: "Amarillo, TX 79101",
      destinationAddress: "Tulsa, OK 74103",
      startDate: today,
    };
    const rc = await createRateConfirmationViaApi(page.request, job);

    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/dispatches") posts++;
    });

    // The rate confirmation's details page: Create Dispatch.
    await page.goto(`/rate-confirmations/${rc.id}`);
    await expect(page.getByRole("heading", { level: 1, name: job.jobNumber })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole("link", { name: "Create Dispatch" }).click();
    await expect(page).toHaveURL(new RegExp(`/dispatching/new\\?rcId=${rc.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "New Dispatch" })).toBeVisible();
    // A job with positions offers one dispatch per position (dispatch-positions.spec.ts); this journey
    // takes the single dispatch form.
    await page.getByRole("link", { name: "Create a single dispatch instead" }).click();
    await expect(page).toHaveURL(new RegExp(`/dispatching/new\\?rcId=${rc.id}&single=1$`));
    await expect(page.getByRole("heading", { level: 1, name: "New Dispatch" })).toBeVisible();

    // ?rcId prefill: the rate confirmation is linked and summarised.
    const rcPicker = combobox(page, "Rate Confirmation (optional)");
    await expect(rcPicker).toHaveText(`${job.jobNumber} — ${job.originAddress} → ${job.destinationAddress}`, {
      timeout: 20_000,
    });
    const linked = page.getByRole("region", { name: "Linked rate confirmation" });
    await expect(linked).toContainText(job.jobNumber);
    await expect(linked).toContainText(rc.clientName);
    await expect(linked).toContainText(job.originAddress);
    await expect(linked).toContainText(job.destinationAddress);
    await expect(linked).toContainText(usDate(today));
    await expect(linked).toContainText("Lead Car");

    // Defaults (SPEC §9): pickup today at 09:00, status Pending, no PEVO yet.
    await expect(pickupDate(page)).toHaveText(usDate(today));
    await expect(pickupTime(page)).toHaveValue("09:00");
    await expect(combobox(page, "Status")).toHaveText("Pending");
    const pevoPicker = combobox(page, "PEVO (optional)");
    await expect(pevoPicker).toHaveText("Unassigned");

    // The PEVO options: the first active PEVOs by last name, exactly as the server's search answered
    // (GET /api/pevos?status=active; other workers add PEVOs meanwhile); typing searches on the server.
    const isActiveSearch = (q: string) => (response: Response) => {
      const url = new URL(response.url());
      return (
        url.pathname === "/api/pevos" &&
        url.searchParams.get("status") === "active" &&
        (url.searchParams.get("q") ?? "") === q &&
        response.ok()
      );
    };
    const firstPage = page.waitForResponse(isActiveSearch(""));
    await pevoPicker.click();
    type PevoPage = { items: { id: string; firstName: string; lastName: string }[] };
    const active = ((await (await firstPage).json()) as PevoPage).items;
    const lastNames = active.map((p) => p.lastName.toLowerCase());
    expect(lastNames).toEqual([...lastNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const options = page.getByRole("option");
    // An option's name is the PEVO's name (its phone is a second line, the option's description).
    await expect(options).toHaveCount(active.length + 1);
    expect(await options.evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")))).toEqual([
      "Unassigned",
      ...active.map((p) => `${p.firstName} ${p.lastName}`),
    ]);
    const searched = page.waitForResponse(isActiveSearch(pevo.lastName));
    await page.getByRole("combobox", { name: "Search PEVOs" }).fill(pevo.lastName);
    await searched;
    await expect(options.filter({ hasText: pevoName })).toHaveCount(1);
    await page.getByRole("option", { name: pevoName, exact: true }).click();
    await expect(pevoPicker).toHaveText(pevoName);

    // The rest of the form.
    const driver = `Dale Driver${tag}`;
    await driverName(page).fill(driver);
    await driverPhone(page).fill("(806) 555-0199");
    await driverCompany(page).fill("Panhandle Heavy Haul");
    await pickupTime(page).fill("07:30");
    await notes(page).fill("Meet at the north gate; wide load permits in the cab.");
    await screenshots(page, "dispatch-form-new");

    await page.getByRole("button", { name: "Create Dispatch" }).click();
    await expect(page).toHaveURL(/\/dispatching$/, { timeout: 20_000 });
    await expect(toastWith(page, "Dispatch created successfully")).toBeVisible();
    expect(posts).toBe(1);

    // The row: Job #, Driver, PEVO, Pickup Date (Mon dd, yyyy), Pickup Time, a yellow Pending badge.
    await searchList(page, driver);
    await expect(cell(page, driver, "Driver")).toHaveText(driver);
    await expect(cell(page, driver, "Job #")).toHaveText(job.jobNumber);
    await expect(cell(page, driver, "PEVO")).toHaveText(pevoName);
    await expect(cell(page, driver, "Pickup Date")).toHaveText(usDate(today));
    await expect(cell(page, driver, "Pickup Time")).toHaveText("07:30");
    await expect(cell(page, driver, "Status")).toHaveText("Pending");
    await expect(cell(page, driver, "Status").locator("[data-slot=badge]")).toHaveClass(/bg-amber-100/);
    await screenshots(page, "dispatching-list");

    // Assigning the PEVO put exactly one 'New dispatch' email in their mailbox.
    await expect.poll(async () => (await mailsTo(page.request, pevoEmail, NEW_DISPATCH_MAIL)).length).toBe(1);
    const [mail] = await mailsTo(page.request, pevoEmail, NEW_DISPATCH_MAIL);
    expect(mail.subject).toContain(job.jobNumber);
    expect(mail.text).toContain(`Hello ${pevoName}`);
    expect(mail.text).toContain("07:30");

    // View: /dispatching/{id} is the same form, filled in and editable.
    await rowAction(page, driver, "View");
    await expect(page).toHaveURL(/\/dispatching\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split("/").pop() as string;
    await expect(page.getByRole("heading", { level: 1, name: "Dispatch Details" })).toBeVisible();
    await expect(driverName(page)).toHaveValue(driver);
    await expect(driverPhone(page)).toHaveValue("(806) 555-0199");
    await expect(driverCompany(page)).toHaveValue("Panhandle Heavy Haul");
    await expect(pickupDate(page)).toHaveText(usDate(today));
    await expect(pickupTime(page)).toHaveValue("07:30");
    await expect(notes(page)).toHaveValue("Meet at the north gate; wide load permits in the cab.");
    await expect(combobox(page, "PEVO (optional)")).toHaveText(pevoName);
    await expect(combobox(page, "Status")).toHaveText("Pending");
    await expect(combobox(page, "Rate Confirmation (optional)")).toContainText(job.jobNumber);
    await screenshots(page, "dispatch-details");

    await driverCompany(page).fill("Panhandle Heavy Haul LLC");
    await choose(page, combobox(page, "Status"), "Dispatched");
    await page.getByRole("button", { name: "Save Dispatch" }).click();
    await expect(page).toHaveURL(/\/dispatching$/, { timeout: 20_000 });
    await expect(toastWith(page, "Dispatch updated successfully")).toBeVisible();
    await searchList(page, driver);
    await expect(cell(page, driver, "Status")).toHaveText("Dispatched");
    await expect(cell(page, driver, "Status").locator("[data-slot=badge]")).toHaveClass(/bg-blue-100/);

    // Edit: /dispatching/edit/{id} shows the saved values and saves too.
    await rowAction(page, driver, "Edit");
    await expect(page).toHaveURL(new RegExp(`/dispatching/edit/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Edit Dispatch" })).toBeVisible();
    await expect(driverCompany(page)).toHaveValue("Panhandle Heavy Haul LLC");
    await expect(combobox(page, "Status")).toHaveText("Dispatched");
    await pickupTime(page).fill("10:15");
    await page.getByRole("button", { name: "Save Dispatch" }).click();
    await expect(page).toHaveURL(/\/dispatching$/, { timeout: 20_000 });
    await expect(toastWith(page, "Dispatch updated successfully")).toBeVisible();
    await searchList(page, driver);
    await expect(cell(page, driver, "Pickup Time")).toHaveText("10:15");
    await expect(cell(page, driver, "PEVO")).toHaveText(pevoName);

    // The server kept the changes; saving without changing the PEVO sent no second email.
    const saved = await (await page.request.get(`/api/dispatches/${id}`)).json();
    expect(saved).toMatchObject({
      driverName: driver,
      driverCompany: "Panhandle Heavy Haul LLC",
      pickupTime: "10:15",
      status: "dispatched",
      pevoId: pevo.id,
      rateConfirmationId: rc.id,
    });
    expect(await mailsTo(page.request, pevoEmail, NEW_DISPATCH_MAIL)).toHaveLength(1);
  });

  test("the dispatch form shows the spec's validation messages and sends nothing while invalid", async ({
    page,
  }) => {
    await signInAsDemoAdmin(page);
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/dispatches") posts++;
    });

    await openList(page);
    await page.getByRole("link", { name: "New Dispatch" }).first().click();
    await expect(page).toHaveURL(/\/dispatching\/new$/);
    // Without ?rcId no rate confirmation is linked.
    await expect(combobox(page, "Rate Confirmation (optional)")).toHaveText("None");
    await expect(page.getByRole("region", { name: "Linked rate confirmation" })).toHaveCount(0);

    const submit = page.getByRole("button", { name: "Create Dispatch" });
    await submit.click();
    await expect(page.getByText("Driver name is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Valid phone number is required", { exact: true })).toBeVisible();
    await expect(driverName(page)).toHaveAttribute("aria-invalid", "true");
    await expect(driverPhone(page)).toHaveAttribute("aria-invalid", "true");

    // A phone under 10 characters is still refused; fixing a field clears its message.
    await driverName(page).fill("Sam Short");
    await driverPhone(page).fill("555-1234");
    await submit.click();
    await expect(page.getByText("Driver name is required", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Valid phone number is required", { exact: true })).toBeVisible();
    // Ten characters without ten digits are refused too (the fields' bounds, shown and never a silent
    // cut: field-bounds.spec.ts).
    await driverPhone(page).fill("abcdefghij");
    await submit.click();
    await expect(page.getByText("Valid phone number is required", { exact: true })).toBeVisible();

    // Pickup time is required too.
    await driverPhone(page).fill("(555) 123-4567");
    await pickupTime(page).fill("");
    await submit.click();
    await expect(page.getByText("Valid phone number is required", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Pickup time is required", { exact: true })).toBeVisible();
    await screenshots(page, "dispatch-form-errors");

    await expect(page).toHaveURL(/\/dispatching\/new$/);
    expect(posts).toBe(0);
  });

  test("an open row menu stays open while the list refreshes live", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemoAdmin(page);
    const { today } = await browserDays(page);
    const tag = uniqueTag();
    const base = { driverPhone: "(806) 555-0112", pickupDate: today, pickupTime: "10:00", status: "pending" };
    const driver = `Mia Menuopen${tag}`;
    await apiCreate<DispatchRecord>(page.request, "/api/dispatches", { ...base, driverName: driver });
    await page.goto(`/dispatching?q=${encodeURIComponent(driver)}`);
    await expect(rowOf(page, driver)).toHaveCount(1, { timeout: 20_000 });
    await page.getByRole("button", { name: `Open menu for ${driver}` }).click();
    const edit = page.getByRole("menuitem", { name: "Edit" });
    await expect(edit).toBeVisible();

    // Another dispatch of the company: its live event makes the list fetch again.
    const refetched = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/dispatches" && r.request().method() === "GET",
      { timeout: 30_000 },
    );
    await apiCreate<DispatchRecord>(page.request, "/api/dispatches", {
      ...base,
      driverName: `Other Menuopen${tag}`,
    });
    await refetched;
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    await expect(edit).toBeVisible();
    await edit.click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Dispatch" })).toBeVisible();
  });

  test("Delete asks 'Are you sure you want to delete this dispatch?': Cancel keeps it, Delete removes it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsDemoAdmin(page);
    const { today } = await browserDays(page);
    const tag = uniqueTag();
    const base = { driverPhone: "(806) 555-0111", pickupDate: today, pickupTime: "09:00", status: "pending" };
    const fromList = await apiCreate<DispatchRecord>(page.request, "/api/dispatches", {
      ...base,
      driverName: `Lee Listdelete${tag}`,
    });
    const fromDetails = await apiCreate<DispatchRecord>(page.request, "/api/dispatches", {
      ...base,
      driverName: `Kim Detailsdelete${tag}`,
    });

    // From the list's row menu. No PEVO reads Unassigned.
    await openList(page);
    const driver = fromList.driverName;
    await searchList(page, driver);
    await expect(cell(page, driver, "PEVO")).toHaveText("Unassigned");
    await rowAction(page, driver, "Delete");
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(DELETE_QUESTION, { exact: true })).toBeVisible();
    await saveScreenshot(page, "dispatch-delete-confirm-1280");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, driver)).toHaveCount(1);
    expect((await page.request.get(`/api/dispatches/${fromList.id}`)).status()).toBe(200);

    await rowAction(page, driver, "Delete");
    await expect(dialog.getByText(DELETE_QUESTION, { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Dispatch deleted successfully")).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, driver)).toHaveCount(0);
    expect((await page.request.get(`/api/dispatches/${fromList.id}`)).status()).toBe(404);

    // From the details page: the same question, then back on the list.
    await page.goto(`/dispatching/${fromDetails.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Dispatch Details" })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(dialog.getByText(DELETE_QUESTION, { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/dispatching/${fromDetails.id}$`));

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/dispatching$/, { timeout: 20_000 });
    await expect(toastWith(page, "Dispatch deleted successfully")).toBeVisible();
    await expect(rowOf(page, fromDetails.driverName)).toHaveCount(0);

    // The deleted dispatch's address now says so.
    await page.goto(`/dispatching/${fromDetails.id}`);
    await expect(page.getByText("Dispatch not found", { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("link", { name: "Back to Dispatching" })).toBeVisible();
  });
});
