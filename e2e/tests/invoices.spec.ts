import { readFile } from "node:fs/promises";
import {
  acceptInvitation,
  addDaysIso,
  apiCreate,
  browserDays,
  chooseOption,
  createPevoViaApi,
  readPdf,
  saveScreenshot,
  screenshotBothWidths,
  signIn,
  signInFreshAdmin,
  toastWith,
  uniqueEmail,
  uniqueTag,
  usDate,
} from "../support/helpers";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../support/test";

/**
 * SPEC §2 /invoices, §5 invoice form, §8 invoices, §9 invoice constants; DECISIONS 'Invoices'.
 * Every test works in a company of its own (signed up through the API), so the numbers are its own.
 */

const RATES = {
  minimumDailyRate: "450",
  mileageRate: "1.85",
  overnightRate: "125",
  noGoRate: "300",
  detentionRate: "45",
  detentionThreshold: 2,
};

type Client = { id: string; name: string; contactPerson: string | null; address: string | null };
type Pevo = { id: string; firstName: string; lastName: string };
type Job = {
  tag: string;
  client: Client;
  otherClient: Client;
  pevo: Pevo;
  pevoName: string;
  rc: { id: string; jobNumber: string; originAddress: string; destinationAddress: string };
  dispatch: { id: string; driverName: string; pickupDate: string };
};
type StoredInvoice = {
  id: string;
  invoiceNumber: string;
  status: string;
  subtotal: string;
  tax: string;
  total: string;
  clientId: string | null;
  customerName: string | null;
  customerAddress: string | null;
  pevoName: string | null;
  pevoPosition: string | null;
  notes: string | null;
  issueDate: string;
  dueDate: string;
  lineItems: { kind: string; date: string; location: string; mileage: string; charge: string }[];
};

/**
 * A client with an address, a client without one (only a contact person), a PEVO (with a login when
 * `pevoEmail` is given), a rate confirmation (min. daily rate 450, mileage rate 1.85) with that PEVO
 * as Lead Car, and a dispatch of it, all through the API of the signed-in admin (`request`).
 */
async function createJob(
  request: APIRequestContext,
  { pickupDate, pevoEmail }: { pickupDate: string; pevoEmail?: string },
): Promise<Job> {
  const tag = uniqueTag();
  const TAG = tag.toUpperCase();
  const client = await apiCreate<Client>(request, "/api/clients", {
    name: `Lone Star Heavy Haul ${tag}`,
    contactPerson: "Rita Alvarez",
    address: "1200 Industrial Blvd, Amarillo, TX 79107",
    email: `billing-${tag}@lonestar.test`,
    phone: "(806) 555-0142",
  });
  const otherClient = await apiCreate<Client>(request, "/api/clients", {
    name: `Prairie Wind Logistics ${tag}`,
    contactPerson: "Dana Whitfield",
  });
  const pevo = await createPevoViaApi(request, {
    firstName: "Casey",
    lastName: `Ortega${tag}`,
    states: ["TX", "OK"],
    ...(pevoEmail ? { email: pevoEmail } : {}),
  });
  const rc = await apiCreate<Job["rc"]>(request, "/api/rate-confirmations", {
    clientId: client.id,
    jobNumber: `INVJOB-${TAG}`,
    originAddress: "Amarillo, TX 79101",
    destinationAddress: "Tulsa, OK 74103",
    startDate: pickupDate,
    description: "Wind turbine blade, 14 ft wide, two escorts required.",
    standardRates: RATES,
    customRates: [],
    positions: [{ positionType: "lead_car", pevoId: pevo.id }],
  });
  const dispatch = await apiCreate<Job["dispatch"]>(request, "/api/dispatches", {
    rateConfirmationId: rc.id,
    pevoId: pevo.id,
    driverName: `Dale Driver ${tag}`,
    driverPhone: "(806) 555-0199",
    driverCompany: "Panhandle Heavy Haul",
    pickupDate,
    pickupTime: "08:30",
    status: "dispatched",
  });
  return { tag, client, otherClient, pevo, pevoName: `${pevo.firstName} ${pevo.lastName}`, rc, dispatch };
}

const combobox = (page: Page, label: string) => page.getByRole("combobox", { name: label, exact: true });
const line = (page: Page, index: number, field: "date" | "location" | "mileage" | "charge") =>
  page.locator(`#line-${index}-${field}`);
const subtotal = (page: Page) => page.getByTestId("invoice-subtotal");
const tax = (page: Page) => page.getByTestId("invoice-tax");
const total = (page: Page) => page.getByTestId("invoice-total");
/** A card of the form by its title. */
const card = (page: Page, title: string) =>
  page.locator("[data-slot=card]").filter({ has: page.getByText(title, { exact: true }) });
/** The value (dd) next to a label (dt) of a read-only list. */
const info = (container: Locator, label: string) =>
  container.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
/** A titled section of the invoice detail view. */
const section = (page: Page, title: string) =>
  page
    .locator("#invoice-print section")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function expectTotals(page: Page, sub: string, taxAmount: string, sum: string) {
  await expect(subtotal(page)).toHaveText(sub);
  await expect(tax(page)).toHaveText(taxAmount);
  await expect(total(page)).toHaveText(sum);
}

async function getInvoice(request: APIRequestContext, id: string) {
  const response = await request.get(`/api/invoices/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredInvoice;
}

/** The id at the end of the current /invoices/{id} address. */
async function invoiceIdOf(page: Page) {
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return new URL(page.url()).pathname.split("/").pop() as string;
}

test.describe("Invoices", () => {
  test("journey 1: from a dispatch's details page, Create Invoice prefills the form; mileage sets the charge; totals update; the invoice is created", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await signInFreshAdmin(page, request, "inv-j1");
    const { today } = await browserDays(page);
    const pickup = addDaysIso(today, 3);
    const job = await createJob(page.request, { pickupDate: pickup });
    const { dispatch, rc, client, otherClient } = job;

    // The dispatch's details page has a Create Invoice button.
    await page.goto(`/dispatching/${dispatch.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Dispatch Details" })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole("link", { name: "Create Invoice" }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/new\\?dispatchId=${dispatch.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Create Invoice" })).toBeVisible();
    await expect(page.getByText(`Creating invoice for Job #${rc.jobNumber}`, { exact: true })).toBeVisible({
      timeout: 30_000,
    });

    // Opened afresh, the form reads 'Loading dispatch data...' until the dispatch has arrived.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/dispatches/${dispatch.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/invoices/new?dispatchId=${dispatch.id}`);
    await expect(page.getByText("Loading dispatch data...")).toBeVisible({ timeout: 30_000 });
    release();
    await expect(page.getByText(`Creating invoice for Job #${rc.jobNumber}`, { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await page.unroute(`**/api/dispatches/${dispatch.id}`);
    await expect(page.getByText("Loading dispatch data...")).toBeHidden();

    // Dispatch Information and Rate Information (the rate confirmation's standard rates).
    const dispatchInfo = card(page, "Dispatch Information");
    await expect(info(dispatchInfo, "Job Number")).toHaveText(rc.jobNumber);
    await expect(info(dispatchInfo, "Driver")).toHaveText(dispatch.driverName);
    await expect(info(dispatchInfo, "Pickup Date")).toHaveText(usDate(pickup));
    await expect(info(dispatchInfo, "Origin")).toHaveText(rc.originAddress);
    await expect(info(dispatchInfo, "Destination")).toHaveText(rc.destinationAddress);
    const rateInfo = card(page, "Rate Information");
    await expect(info(rateInfo, "Minimum Daily Rate")).toHaveText("$450.00");
    await expect(info(rateInfo, "Mileage Rate")).toHaveText("$1.85 per mile");

    // Defaults: the company's next INV-YYYY-NNNN number (its first), issued today, due 30 days later, draft.
    await expect(page.locator("#invoice-invoiceNumber")).toHaveValue(`INV-${today.slice(0, 4)}-0001`);
    const invoiceNumber = await page.locator("#invoice-invoiceNumber").inputValue();
    await expect(page.locator("#invoice-issueDate")).toHaveText(usDate(today));
    await expect(page.locator("#invoice-dueDate")).toHaveText(usDate(addDaysIso(today, 30)));
    await expect(page.getByText("Issue date + 30 days unless you pick another date")).toBeVisible();
    // No Status field: a new invoice is a draft until it is sent (DECISIONS "Invoices").
    await expect(page.locator("#invoice-status")).toHaveCount(0);

    // Customer: the rate confirmation's client, its address; choosing fills the address, or the
    // contact person when the client has no address.
    const customer = combobox(page, "Customer");
    const address = page.locator("#invoice-customerAddress");
    await expect(customer).toHaveText(client.name);
    await expect(address).toHaveValue(client.address as string);
    await chooseOption(page, customer, otherClient.name);
    await expect(address).toHaveValue("Dana Whitfield");
    await chooseOption(page, customer, client.name);
    await expect(address).toHaveValue("1200 Industrial Blvd, Amarillo, TX 79107");

    // PEVO Name and Position from the dispatch and its rate confirmation.
    await expect(combobox(page, "PEVO Name")).toHaveText(job.pevoName);
    await expect(combobox(page, "PEVO Position")).toHaveText("Lead Car");

    // One prefilled line: pickup date, origin, mileage 0, charge = minimum daily rate.
    await expect(page.locator("[id^=line-][id$=-location]")).toHaveCount(1);
    await expect(line(page, 0, "date")).toHaveText(usDate(pickup));
    await expect(line(page, 0, "location")).toHaveValue(rc.originAddress);
    await expect(line(page, 0, "mileage")).toHaveValue("0");
    await expect(line(page, 0, "charge")).toHaveValue("450.00");
    await expectTotals(page, "$450.00", "$0.00", "$450.00");

    // Mileage sets the charge: max(450, miles × 1.85).
    await line(page, 0, "mileage").fill("100");
    await expect(line(page, 0, "charge")).toHaveValue("450.00");
    await line(page, 0, "mileage").fill("400");
    await expect(line(page, 0, "charge")).toHaveValue("740.00");
    await expectTotals(page, "$740.00", "$0.00", "$740.00");

    // A second line: same date, the minimum daily rate until its mileage is set (300.5 × 1.85 = 555.925 → 555.93).
    await page.getByRole("button", { name: "Add Line Item" }).click();
    await expect(page.locator("[id^=line-][id$=-location]")).toHaveCount(2);
    await expect(line(page, 1, "date")).toHaveText(usDate(pickup));
    await expect(line(page, 1, "location")).toHaveValue("");
    await expect(line(page, 1, "charge")).toHaveValue("450.00");
    await expectTotals(page, "$1,190.00", "$0.00", "$1,190.00");
    await line(page, 1, "location").fill("Oklahoma City, OK");
    await line(page, 1, "mileage").fill("300.5");
    await expect(line(page, 1, "charge")).toHaveValue("555.93");
    await expectTotals(page, "$1,295.93", "$0.00", "$1,295.93");
    // A typed charge counts as typed (cents stay exact: 0.10 + 0.20 style sums).
    await line(page, 1, "charge").fill("555.20");
    await expectTotals(page, "$1,295.20", "$0.00", "$1,295.20");
    await line(page, 1, "charge").fill("555.93");
    await page.locator("#invoice-notes").fill("Thank you for your business. Net 30.");
    await expectTotals(page, "$1,295.93", "$0.00", "$1,295.93");
    await screenshotBothWidths(page, "invoice-form-new");

    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/invoices") posts++;
    });
    await page.getByRole("button", { name: "Create Invoice" }).click();
    const id = await invoiceIdOf(page);
    await expect(toastWith(page, "Invoice created successfully")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Invoice #${invoiceNumber}` })).toBeVisible();
    expect(posts).toBe(1);

    // What was stored: the server's totals, the lines as typed.
    const stored = await getInvoice(page.request, id);
    expect(stored).toMatchObject({
      invoiceNumber,
      status: "draft",
      issueDate: today,
      dueDate: addDaysIso(today, 30),
      clientId: client.id,
      customerName: client.name,
      customerAddress: client.address,
      pevoName: job.pevoName,
      pevoPosition: "Lead Car",
      subtotal: "1295.93",
      tax: "0.00",
      total: "1295.93",
      notes: "Thank you for your business. Net 30.",
    });
    expect(stored.lineItems.map((l) => [l.date, l.location, l.mileage, l.charge])).toEqual([
      [pickup, rc.originAddress, "400.00", "740.00"],
      [pickup, "Oklahoma City, OK", "300.50", "555.93"],
    ]);
  });

  test("journey 1: a dispatch's row menu on /dispatching offers Create Invoice", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInFreshAdmin(page, request, "inv-menu");
    const { today } = await browserDays(page);
    const job = await createJob(page.request, { pickupDate: addDaysIso(today, 1) });

    await page.goto("/dispatching");
    await expect(page.getByRole("heading", { level: 1, name: "Dispatching" })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole("button", { name: `Open menu for ${job.dispatch.driverName}` }).click();
    await expect(page.getByRole("menuitem", { name: "View" })).toBeVisible();
    const createInvoice = page.getByRole("menuitem", { name: "Create Invoice" });
    await expect(createInvoice, "the row menu offers Create Invoice").toBeVisible();
    await createInvoice.click();
    await expect(page).toHaveURL(new RegExp(`/invoices/new\\?dispatchId=${job.dispatch.id}$`));
    await expect(
      page.getByText(`Creating invoice for Job #${job.rc.jobNumber}`, { exact: true }),
    ).toBeVisible({
      timeout: 30_000,
    });
  });

  test("double billing: an invoiced dispatch shows its invoices; Create Invoice warns, refuses without the checkbox and saves a supplementary invoice with it", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await signInFreshAdmin(page, request, "inv-twice");
    const { today } = await browserDays(page);
    const year = today.slice(0, 4);
    const job = await createJob(page.request, { pickupDate: addDaysIso(today, 1) });
    const existing = await apiCreate<StoredInvoice>(page.request, "/api/invoices", {
      invoiceNumber: `INV-${year}-0001`,
      issueDate: today,
      dueDate: addDaysIso(today, 30),
      dispatchId: job.dispatch.id,
      lineItems: [{ date: today, location: "Amarillo, TX 79101", mileage: "0", charge: "450.00" }],
    });
    const existingHref = `/invoices/${existing.id}`;

    // The row menu and the details page link to the dispatch's invoice.
    await page.goto("/dispatching");
    await expect(page.getByRole("heading", { level: 1, name: "Dispatching" })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole("button", { name: `Open menu for ${job.dispatch.driverName}` }).click();
    await expect(page.getByRole("menuitem", { name: existing.invoiceNumber })).toHaveAttribute(
      "href",
      existingHref,
    );
    await page.keyboard.press("Escape");
    await page.goto(`/dispatching/${job.dispatch.id}`);
    const invoicesCard = card(page, "Invoices");
    await expect(invoicesCard.getByRole("link", { name: existing.invoiceNumber })).toHaveAttribute(
      "href",
      existingHref,
      { timeout: 30_000 },
    );

    // Create Invoice warns and links to the existing invoice.
    await page.getByRole("link", { name: "Create Invoice" }).click();
    const warning = page.getByRole("region", { name: "This dispatch already has an invoice:" });
    await expect(warning).toBeVisible({ timeout: 30_000 });
    await expect(warning.getByRole("link", { name: existing.invoiceNumber })).toHaveAttribute(
      "href",
      existingHref,
    );
    const supplementary = page.getByRole("checkbox", { name: "Create a supplementary invoice anyway" });
    await expect(supplementary).not.toBeChecked();
    // The next number of the company's year, after the existing one.
    await expect(page.locator("#invoice-invoiceNumber")).toHaveValue(`INV-${year}-0002`);
    await screenshotBothWidths(page, "invoice-double-billing-warning");

    // Save without the checkbox: the server's refusal, nothing saved.
    const refusal = `This dispatch already has invoice ${existing.invoiceNumber}.`;
    await page.getByRole("button", { name: "Create Invoice" }).click();
    await expect(warning.getByRole("alert")).toContainText(refusal, { timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/invoices/new\\?dispatchId=${job.dispatch.id}$`));
    await screenshotBothWidths(page, "invoice-double-billing-refused");
    const before = await (await page.request.get("/api/invoices")).json();
    expect(before.items).toHaveLength(1);

    // With the checkbox: a supplementary invoice, numbered INV-YYYY-NNNN.
    await supplementary.check();
    await page.getByRole("button", { name: "Create Invoice" }).click();
    const id = await invoiceIdOf(page);
    const saved = await getInvoice(page.request, id);
    expect(saved.invoiceNumber).toMatch(/^INV-\d{4}-\d{4,}$/);
    expect(saved.invoiceNumber).toBe(`INV-${year}-0002`);
    await expect(
      page.getByRole("heading", { level: 1, name: `Invoice #${saved.invoiceNumber}` }),
    ).toBeVisible();
    const dispatchAfter = await (await page.request.get(`/api/dispatches/${job.dispatch.id}`)).json();
    expect(dispatchAfter.invoices.map((i: { id: string }) => i.id)).toEqual([existing.id, id]);
  });

  test("journey 2: the list and detail view, Edit and save, the printed page without navigation, the PDF download, Delete (drafts only) with confirmation", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await signInFreshAdmin(page, request, "inv-j2");
    const job = await createJob(page.request, { pickupDate: "2025-01-05" });
    const { rc, dispatch, client } = job;
    const invoiceNumber = `INV-E2E-${job.tag.toUpperCase()}`;
    const created = await apiCreate<StoredInvoice>(page.request, "/api/invoices", {
      invoiceNumber,
      issueDate: "2025-01-05",
      dueDate: "2025-02-04",
      dispatchId: dispatch.id,
      clientId: client.id,
      customerName: client.name,
      customerAddress: client.address,
      pevoName: job.pevoName,
      pevoPosition: "Lead Car",
      notes: "Wire transfer to the account on file.",
      lineItems: [
        { date: "2025-01-05", location: "Amarillo, TX → Oklahoma City, OK", mileage: "400", charge: "740" },
        { date: "2025-01-06", location: "Oklahoma City, OK → Tulsa, OK", mileage: "100", charge: "450" },
      ],
      // Tampered totals are ignored: the server computes them.
      subtotal: "1.00",
      tax: "0.00",
      total: "1.00",
    });
    // Sent to the client (the status follows the action, not the form).
    const sent = await page.request.post(`/api/invoices/${created.id}/send`, {
      data: { to: "ap@example.test" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    expect(created.total).toBe("1190.00");

    // The list: a clickable row with Invoice #, dates, Job #, Amount and Status.
    await page.goto("/invoices");
    await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible({ timeout: 30_000 });
    const row = page.getByRole("row", { name: `Invoice ${invoiceNumber}` });
    await expect(row).toContainText(invoiceNumber);
    await expect(row).toContainText("Jan 05, 2025");
    await expect(row).toContainText("Feb 04, 2025");
    await expect(row).toContainText(rc.jobNumber);
    await expect(row).toContainText("$1,190.00");
    await expect(row).toContainText("Sent");
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${created.id}$`));

    // The detail view.
    await expect(page.getByRole("heading", { level: 1, name: `Invoice #${invoiceNumber}` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(`Job #${rc.jobNumber}`, { exact: true })).toBeVisible();
    const badge = page.locator("[data-slot=badge]").first();
    await expect(badge).toHaveText("Sent");
    await expect(badge).toHaveClass(/bg-blue-100/);
    const document = page.locator("#invoice-print");
    await expect(document).toContainText("Issue Date");
    await expect(document).toContainText("Jan 05, 2025");
    await expect(document).toContainText("Feb 04, 2025");
    const billTo = section(page, "Bill To");
    await expect(billTo).toContainText(client.name);
    await expect(billTo).toContainText(client.address as string);
    const jobInfo = section(page, "Job Information");
    await expect(info(jobInfo, "Driver")).toHaveText(dispatch.driverName);
    await expect(info(jobInfo, "Origin")).toHaveText(rc.originAddress);
    await expect(info(jobInfo, "Destination")).toHaveText(rc.destinationAddress);
    const rateInfo = section(page, "Rate Information");
    await expect(info(rateInfo, "Minimum Daily Rate")).toHaveText("$450.00");
    await expect(info(rateInfo, "Mileage Rate")).toHaveText("$1.85 per mile");
    const lines = section(page, "Line Items");
    await expect(lines.getByRole("columnheader")).toHaveText(["Date", "Location", "Mileage", "Charge ($)"]);
    const bodyRows = lines.locator("tbody tr");
    await expect(bodyRows).toHaveCount(2);
    await expect(bodyRows.nth(0).getByRole("cell")).toHaveText([
      "Jan 05, 2025",
      "Amarillo, TX → Oklahoma City, OK",
      "400",
      "740.00",
    ]);
    await expect(bodyRows.nth(1).getByRole("cell")).toHaveText([
      "Jan 06, 2025",
      "Oklahoma City, OK → Tulsa, OK",
      "100",
      "450.00",
    ]);
    await expect(info(lines, "Subtotal")).toHaveText("$1,190.00");
    await expect(info(lines, "Tax")).toHaveText("$0.00");
    await expect(info(lines, "Total")).toHaveText("$1,190.00");
    await expect(section(page, "Notes")).toContainText("Wire transfer to the account on file.");
    await screenshotBothWidths(page, "invoice-detail");

    // Sent, it is a record (DECISIONS 'Invoices'): no Edit; its notes stay editable...
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Edit notes" }).click();
    const notesDialog = page.getByRole("dialog", { name: `Notes of ${invoiceNumber}` });
    await notesDialog.getByLabel("Notes").fill("Paid by wire on receipt.");
    await notesDialog.getByRole("button", { name: "Save notes" }).click();
    await expect(toastWith(page, "Notes saved")).toBeVisible();
    await expect(section(page, "Notes")).toContainText("Paid by wire on receipt.");

    // ...and a correction is a void and reissue, by keyboard: the reason is required.
    await page.getByRole("button", { name: "Void and reissue" }).click();
    const reissue = page.getByRole("dialog", { name: `Void and reissue ${invoiceNumber}` });
    await reissue.getByRole("button", { name: "Void and reissue" }).click();
    await expect(reissue.getByText("Say why the invoice is voided and reissued")).toBeVisible();
    await expect(reissue.getByLabel("Reason")).toBeFocused();
    await page.keyboard.type("Day two ran on to Tulsa");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(reissue.getByRole("button", { name: "Void and reissue" })).toBeFocused();
    await page.keyboard.press("Enter");
    // The new draft opens; the original stays void with its reason.
    await expect(page).not.toHaveURL(new RegExp(`/invoices/${created.id}$`), { timeout: 30_000 });
    await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
    const reissuedId = new URL(page.url()).pathname.split("/").pop() ?? "";
    const corrected = (
      (await (await page.request.get(`/api/invoices/${reissuedId}`)).json()) as StoredInvoice
    ).invoiceNumber;
    await expect(page.getByRole("heading", { level: 1, name: `Invoice #${corrected}` })).toBeVisible();
    await expect(page.locator("[data-slot=badge]").first()).toHaveText("Draft");
    const original = (await (await page.request.get(`/api/invoices/${created.id}`)).json()) as {
      status: string;
      voidReason: string;
    };
    expect(original).toMatchObject({ status: "void", voidReason: "Day two ran on to Tulsa" });

    // Edit: /invoices/edit/{id}, prefilled; Save Changes returns to the detail view.
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/edit/${reissuedId}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Edit Invoice" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByText(`Update invoice information for ${corrected}`, { exact: true }),
    ).toBeVisible();
    await expect(page.locator("#invoice-invoiceNumber")).toHaveValue(corrected);
    await expect(page.locator("#invoice-issueDate")).toHaveText("Jan 05, 2025");
    await expect(page.locator("#invoice-dueDate")).toHaveText("Feb 04, 2025");
    await expect(combobox(page, "Customer")).toHaveText(client.name);
    await expect(page.locator("#invoice-customerAddress")).toHaveValue(client.address as string);
    await expect(combobox(page, "PEVO Name")).toHaveText(job.pevoName);
    await expect(combobox(page, "PEVO Position")).toHaveText("Lead Car");
    await expect(line(page, 0, "location")).toHaveValue("Amarillo, TX → Oklahoma City, OK");
    await expect(line(page, 0, "mileage")).toHaveValue("400.00");
    await expect(line(page, 0, "charge")).toHaveValue("740.00");
    await expect(line(page, 1, "mileage")).toHaveValue("100.00");
    await expect(page.locator("#invoice-notes")).toHaveValue("Paid by wire on receipt.");
    await expectTotals(page, "$1,190.00", "$0.00", "$1,190.00");
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
    await screenshotBothWidths(page, "invoice-form-edit");

    await line(page, 1, "mileage").fill("500");
    await expect(line(page, 1, "charge")).toHaveValue("925.00");
    await expectTotals(page, "$1,665.00", "$0.00", "$1,665.00");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${reissuedId}$`), { timeout: 30_000 });
    await expect(toastWith(page, "Invoice updated successfully")).toBeVisible();
    // Saving the form keeps the status (it follows send, view, payments and void).
    await expect(page.locator("[data-slot=badge]").first()).toHaveText("Draft");
    // The corrected invoice is sent in its turn.
    const resent = await page.request.post(`/api/invoices/${reissuedId}/send`, {
      data: { to: "ap@example.test" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(resent.status(), await resent.text()).toBe(200);
    await page.reload();
    await expect(page.locator("[data-slot=badge]").first()).toHaveText("Sent", { timeout: 30_000 });
    await expect(page.locator("[data-slot=badge]").first()).toHaveClass(/bg-blue-100/);
    await expect(info(section(page, "Line Items"), "Total")).toHaveText("$1,665.00");
    await expect(section(page, "Line Items").locator("tbody tr").nth(1).getByRole("cell")).toHaveText([
      "Jan 06, 2025",
      "Oklahoma City, OK → Tulsa, OK",
      "500",
      "925.00",
    ]);
    await expect(section(page, "Notes")).toContainText("Paid by wire on receipt.");

    // Print / Download opens the browser's print dialog...
    await page.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => {
        w.printed++;
      };
    });
    await page.getByRole("button", { name: "Print / Download" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // ...and the printed page is the invoice alone: no sidebar, navigation links or buttons.
    const navLinks = ["Dashboard", "Clients", "Dispatching", "Invoices", "Calendar", "Settings"];
    await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
    await page.emulateMedia({ media: "print" });
    for (const name of navLinks) {
      await expect(page.getByRole("link", { name, exact: true })).toBeHidden();
    }
    for (const nav of await page.getByRole("navigation").all()) await expect(nav).toBeHidden();
    await expect(page.getByRole("button", { name: "User menu" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toBeHidden();
    await expect(page.getByRole("button", { name: "Delete Invoice" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
    await expect(document).toBeVisible();
    await expect(document).toContainText(corrected);
    await expect(document).toContainText("$1,665.00");
    await saveScreenshot(page, "invoice-print-1280", { fullPage: true });
    await page.emulateMedia({ media: null });
    await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();

    // Download PDF: a real PDF with the invoice number and total.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${corrected}.pdf`);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.subarray(-8).toString("latin1")).toContain("%%EOF");
    const pdf = await readPdf(bytes);
    expect(pdf.title).toBe(`Invoice ${corrected}`);
    expect(pdf.text).toContain(`Invoice # ${corrected}`);
    expect(pdf.text).toContain("$1,665.00");
    expect(pdf.text).toContain(`Job # ${rc.jobNumber}`);
    expect(pdf.text).toContain(client.name);
    expect(pdf.text).toContain(client.address as string);
    const viaApi = await page.request.get(`/api/invoices/${reissuedId}/pdf`);
    expect(viaApi.status()).toBe(200);
    expect(viaApi.headers()["content-type"]).toBe("application/pdf");
    expect((await readPdf(await viaApi.body())).text).toContain(corrected);

    // A sent invoice is voided, never deleted: no Delete Invoice, and the API refuses it.
    await expect(page.getByRole("button", { name: "Void", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete Invoice" })).toHaveCount(0);
    const refused = await page.request.delete(`/api/invoices/${reissuedId}`, {
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toBe(
      "Only a draft invoice can be deleted; void a sent invoice instead",
    );

    // A draft can be deleted: Delete Invoice asks first; Cancel keeps it.
    const draftNumber = `${invoiceNumber}-D`;
    const draft = await apiCreate<StoredInvoice>(page.request, "/api/invoices", {
      invoiceNumber: draftNumber,
      issueDate: "2025-01-06",
      dueDate: "2025-02-05",
      dispatchId: dispatch.id,
      clientId: client.id,
      customerName: client.name,
      lineItems: [{ date: "2025-01-06", location: "Tulsa, TX", mileage: "0", charge: "100" }],
      allowAdditional: true,
    });
    await page.goto(`/invoices/${draft.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Invoice #${draftNumber}` })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole("button", { name: "Delete Invoice" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Delete Invoice" })).toBeVisible();
    await expect(dialog).toContainText(`Are you sure you want to delete invoice ${draftNumber}?`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await page.request.get(`/api/invoices/${draft.id}`)).status()).toBe(200);

    await page.getByRole("button", { name: "Delete Invoice" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete Invoice" }).click();
    await expect(page).toHaveURL(/\/invoices$/, { timeout: 30_000 });
    await expect(toastWith(page, "Invoice deleted successfully")).toBeVisible();
    await expect(page.getByRole("row", { name: `Invoice ${invoiceNumber}` })).toBeVisible();
    await expect(page.getByRole("row", { name: `Invoice ${draftNumber}` })).toHaveCount(0);
    expect((await page.request.get(`/api/invoices/${draft.id}`)).status()).toBe(404);

    // The deleted invoice's address: 'Invoice not found' with Back to Invoices.
    await page.goto(`/invoices/${draft.id}`);
    await expect(page.getByText("Invoice not found", { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("link", { name: "Back to Invoices" }).click();
    await expect(page).toHaveURL(/\/invoices$/);
  });

  test("journey 3: 'Suggest lines from the job' offers every billable item of the trips; the office drops one and adds the rest with their kinds", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(300_000);
    await signInFreshAdmin(page, request, "inv-j3");
    const { today } = await browserDays(page);
    const pickup = addDaysIso(today, -2);
    const pevoEmail = uniqueEmail("inv-trip-pevo");
    const job = await createJob(page.request, { pickupDate: pickup, pevoEmail });

    // The PEVO sets a password from the invitation, signs in and logs two trips on the dispatch.
    const pevoContext = await browser.newContext();
    const pevoPage = await pevoContext.newPage();
    await acceptInvitation(pevoPage, pevoEmail, "pevo-secret-1");
    await signIn(pevoPage, pevoEmail, "pevo-secret-1");
    await expect(pevoPage).toHaveURL(/\/pevo$/, { timeout: 30_000 });
    const day2 = addDaysIso(pickup, 1);
    const trips = [
      // Logged out of order on purpose: the lines come out by date.
      {
        tripDate: day2,
        startLocation: "Oklahoma City, OK",
        endLocation: "Tulsa, OK",
        miles: "123.4",
        hours: "3",
      },
      {
        tripDate: pickup,
        startLocation: "Amarillo, TX",
        endLocation: "Oklahoma City, OK",
        miles: "300.5",
        hours: "6",
        waitHours: "3.5",
        overnight: true,
      },
    ];
    for (const trip of trips) {
      await apiCreate(pevoPage.request, "/api/portal/trip-logs", {
        ...trip,
        dispatchId: job.dispatch.id,
        expenses: [{ type: "fuel", amount: "80.25" }],
      });
    }
    await pevoContext.close();

    // The office sees the trips on the dispatch...
    await page.goto(`/dispatching/${job.dispatch.id}`);
    const tripCard = card(page, "Trip Log");
    await expect(tripCard).toContainText("Amarillo, TX", { timeout: 30_000 });
    await expect(tripCard).toContainText("Tulsa, OK");

    // ...and the invoice form suggests every billable item: the days by the rule, the night, the
    // wait beyond the 2-hour threshold and the fuel at cost.
    await page.getByRole("link", { name: "Create Invoice" }).click();
    await expect(
      page.getByText(`Creating invoice for Job #${job.rc.jobNumber}`, { exact: true }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(line(page, 0, "location")).toHaveValue(job.rc.originAddress);
    const suggest = page.getByRole("button", { name: "Suggest lines from the job" });
    await suggest.click();
    const dialog = page.getByRole("dialog", { name: "Suggested lines" });
    const suggested = dialog.getByTestId("suggested-line");
    await expect(suggested).toHaveCount(6, { timeout: 30_000 });
    await expect(suggested.nth(0)).toContainText("Mileage");
    await expect(suggested.nth(0)).toContainText("Amarillo, TX → Oklahoma City, OK (300.5 mi × $1.85/mi)");
    await expect(suggested.nth(0)).toContainText("$555.93"); // 300.5 × 1.85 = 555.925 → 555.93
    await expect(suggested.nth(1)).toContainText("Day rate");
    await expect(suggested.nth(1)).toContainText("$450.00"); // 123.4 × 1.85 = 228.29 < 450
    await expect(suggested.nth(2)).toContainText("Overnight at Oklahoma City, OK");
    await expect(suggested.nth(2)).toContainText("$125.00");
    await expect(suggested.nth(3)).toContainText("Detention: 3.5 h waited, 1.5 h beyond 2 hours × $45.00/h");
    await expect(suggested.nth(3)).toContainText("$67.50");
    await expect(suggested.nth(4)).toContainText("Fuel (at cost): Amarillo, TX → Oklahoma City, OK");
    await expect(suggested.nth(5)).toContainText("Fuel (at cost): Oklahoma City, OK → Tulsa, OK");
    await expect(dialog).toContainText("6 lines selected · $1,358.93");
    // The second day's fuel is not billed.
    await suggested.nth(5).getByRole("checkbox").click();
    await expect(dialog).toContainText("5 lines selected · $1,278.68");
    await dialog.getByRole("button", { name: "Add 5 lines" }).click();
    await expect(toastWith(page, "Added 5 lines")).toBeVisible();
    await expect(dialog).toBeHidden();

    // The untouched prefilled line gave way; each line keeps its kind.
    await expect(page.locator("[id^=line-][id$=-location]")).toHaveCount(5);
    await expect(line(page, 0, "date")).toHaveText(usDate(pickup));
    await expect(line(page, 0, "mileage")).toHaveValue("300.50");
    await expect(line(page, 0, "charge")).toHaveValue("555.93");
    await expect(page.locator("#line-0-kind")).toHaveText("Mileage");
    await expect(line(page, 1, "date")).toHaveText(usDate(day2));
    await expect(line(page, 1, "location")).toHaveValue("Oklahoma City, OK → Tulsa, OK (minimum daily rate)");
    await expect(page.locator("#line-1-kind")).toHaveText("Day rate");
    await expect(page.locator("#line-2-kind")).toHaveText("Overnight");
    await expect(page.locator("#line-3-kind")).toHaveText("Detention");
    await expect(page.locator("#line-4-kind")).toHaveText("Expenses at cost");
    await expectTotals(page, "$1,278.68", "$0.00", "$1,278.68");

    // Again: what is on the invoice is offered unticked; only the dropped fuel is left to add.
    await suggest.click();
    await expect(suggested).toHaveCount(6, { timeout: 30_000 });
    await expect(suggested.filter({ hasText: "Already on the invoice" })).toHaveCount(5);
    await expect(dialog).toContainText("1 line selected · $80.25");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Create Invoice" }).click();
    const id = await invoiceIdOf(page);
    await expect(toastWith(page, "Invoice created successfully")).toBeVisible();
    const rows = section(page, "Line Items").locator("tbody tr");
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0).getByRole("cell")).toHaveText([
      usDate(pickup),
      "Amarillo, TX → Oklahoma City, OK (300.5 mi × $1.85/mi)",
      "300.5",
      "555.93",
    ]);
    const stored = await getInvoice(page.request, id);
    expect(stored.total).toBe("1278.68");
    expect(stored.lineItems.map((l) => l.kind)).toEqual([
      "mileage",
      "day",
      "overnight",
      "detention",
      "expense",
    ]);
  });

  test("validation: the spec's messages inline; a duplicate invoice number is a field error and nothing is saved", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await signInFreshAdmin(page, request, "inv-val");
    const { today } = await browserDays(page);
    const job = await createJob(page.request, { pickupDate: today });
    const taken = `INV-TAKEN-${job.tag.toUpperCase()}`;
    await apiCreate(page.request, "/api/invoices", {
      invoiceNumber: taken,
      issueDate: today,
      dueDate: addDaysIso(today, 30),
      dispatchId: job.dispatch.id,
      lineItems: [{ date: today, location: "Amarillo, TX", mileage: "0", charge: "450" }],
    });
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/invoices") posts++;
    });

    await page.goto(`/invoices/new?dispatchId=${job.dispatch.id}`);
    await expect(
      page.getByText(`Creating invoice for Job #${job.rc.jobNumber}`, { exact: true }),
    ).toBeVisible({
      timeout: 30_000,
    });
    const number = page.locator("#invoice-invoiceNumber");
    await expect(number).toHaveValue(/^INV-\d{4}-\d{4,}$/);
    // The dispatch already has the "taken" invoice: this one is a deliberate supplementary invoice.
    await page.getByRole("checkbox", { name: "Create a supplementary invoice anyway" }).check();

    // Client-side: required number, line location, mileage and charge not negative.
    await number.fill("");
    await line(page, 0, "location").fill("");
    await line(page, 0, "mileage").fill("-5");
    await line(page, 0, "charge").fill("-1");
    await page.getByRole("button", { name: "Add Line Item" }).click();
    await line(page, 1, "location").fill("Tulsa, OK");
    await page.getByRole("button", { name: "Create Invoice" }).click();
    await expect(page.locator("#invoice-invoiceNumber-error")).toHaveText("Invoice number is required");
    await expect(number).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#line-0-location-error")).toHaveText("Location is required");
    await expect(page.locator("#line-0-mileage-error")).toHaveText("Mileage must be a positive number");
    await expect(page.locator("#line-0-charge-error")).toHaveText(
      "Only a discount line takes money off: enter a positive charge",
    );
    await expect(page.locator("#line-1-location-error")).toHaveCount(0);
    expect(posts).toBe(0);
    await expect(page).toHaveURL(/\/invoices\/new\?/);

    // An invoice needs at least one line item (the fields' bounds: field-bounds.spec.ts).
    await page.getByRole("button", { name: "Remove line item 2" }).click();
    await page.getByRole("button", { name: "Remove line item 1" }).click();
    await page.getByRole("button", { name: "Create Invoice" }).click();
    await expect(page.getByText("At least one line item is required", { exact: true })).toBeVisible();
    expect(posts).toBe(0);
    await page.getByRole("button", { name: "Add Line Item" }).click();
    await page.getByRole("button", { name: "Add Line Item" }).click();
    await line(page, 1, "location").fill("Tulsa, OK");

    // Fixed, but with a number another invoice already has: the server's field error.
    await line(page, 0, "location").fill("Amarillo, TX");
    await line(page, 0, "mileage").fill("0");
    await line(page, 0, "charge").fill("450");
    await number.fill(taken);
    await expect(page.locator("#invoice-invoiceNumber-error")).toHaveCount(0);
    await page.getByRole("button", { name: "Create Invoice" }).click();
    await expect(page.locator("#invoice-invoiceNumber-error")).toHaveText(
      "This invoice number is already used by another invoice",
      { timeout: 30_000 },
    );
    await expect(toastWith(page, "Failed to create invoice")).toBeVisible();
    await expect(page).toHaveURL(/\/invoices\/new\?/);
    expect(posts).toBe(1);
    // Still one invoice with that number, and what was typed is kept.
    const list = (
      (await (await page.request.get("/api/invoices")).json()) as { items: { invoiceNumber: string }[] }
    ).items;
    expect(list.filter((i) => i.invoiceNumber === taken)).toHaveLength(1);
    expect(list).toHaveLength(1);
    await expect(line(page, 1, "location")).toHaveValue("Tulsa, OK");

    // A fresh number saves.
    await number.fill(`${taken}-B`);
    await page.getByRole("button", { name: "Create Invoice" }).click();
    await invoiceIdOf(page);
    await expect(toastWith(page, "Invoice created successfully")).toBeVisible();
  });

  test("edit of a missing invoice reads 'Invoice data not found or invalid'; a bad address 'Invoice not found'", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInFreshAdmin(page, request, "inv-missing");
    await page.goto("/invoices/edit/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Invoice data not found or invalid", { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByText("No invoices found")).toBeVisible();
    await page.goto("/invoices/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Invoice not found", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("link", { name: "Back to Invoices" })).toBeVisible();
  });
});
