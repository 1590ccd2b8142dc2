import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { csvRecords } from "../../apps/server/test/csv";
import {
  acceptInvitation,
  addDaysIso,
  apiCreate,
  browserDays,
  createPevoViaApi,
  readPdf,
  sameOrigin,
  screenshotFolder,
  signIn,
  signInFreshAdmin,
  toastWith,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

/**
 * The books, end to end (DECISIONS 'Invoices', 'Credit notes', 'Quick pay and factoring'): a 3-day,
 * 2-overnight job billed from its trip logs; a factored invoice's PDF (Remit To and the notice of
 * assignment), rendered to PNG; the QuickBooks credit memo and payment CSVs downloaded and parsed.
 */
const RATES = {
  minimumDailyRate: "450",
  mileageRate: "1.85",
  overnightRate: "125",
  noGoRate: "300",
  detentionRate: "45",
  detentionThreshold: 2,
};

async function job(request: APIRequestContext, pickupDate: string, pevoEmail?: string) {
  const tag = uniqueTag();
  const client = await apiCreate<{ id: string; name: string }>(request, "/api/clients", {
    name: `Red River Haul ${tag}`,
    email: `ap-${tag}@redriver.test`,
  });
  const pevo = pevoEmail
    ? await createPevoViaApi(request, {
        firstName: "Jo",
        lastName: `Three${tag}`,
        states: ["TX", "OK"],
        email: pevoEmail,
      })
    : undefined;
  const rc = await apiCreate<{ id: string; jobNumber: string }>(request, "/api/rate-confirmations", {
    clientId: client.id,
    jobNumber: `BOOKS-${tag.toUpperCase()}`,
    originAddress: "Amarillo, TX 79101",
    destinationAddress: "Tulsa, OK 74103",
    startDate: pickupDate,
    description: "Transformer, 16 ft wide, three days.",
    standardRates: RATES,
    customRates: [],
    positions: [{ positionType: "lead_car", pevoId: pevo?.id ?? null }],
  });
  const dispatch = await apiCreate<{ id: string }>(request, "/api/dispatches", {
    rateConfirmationId: rc.id,
    pevoId: pevo?.id ?? null,
    driverName: `Dale Driver ${tag}`,
    driverPhone: "(806) 555-0199",
    driverCompany: "Panhandle Heavy Haul",
    pickupDate,
    pickupTime: "08:30",
    status: pevo ? "dispatched" : "completed",
  });
  return { tag, client, rc, dispatch };
}

test("a 3-day, 2-overnight job is billed from its trip logs: each day gets its lines", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInFreshAdmin(page, request, "books-3day");
  const { today } = await browserDays(page);
  const day1 = addDaysIso(today, -4);
  const pevoEmail = uniqueEmail("books-3day-pevo");
  const j = await job(page.request, day1, pevoEmail);

  const pevoContext = await browser.newContext();
  const pevoPage = await pevoContext.newPage();
  await acceptInvitation(pevoPage, pevoEmail, "pevo-secret-3");
  await signIn(pevoPage, pevoEmail, "pevo-secret-3");
  await expect(pevoPage).toHaveURL(/\/pevo$/, { timeout: 30_000 });
  // Day 1: 300 mi (555.00 beats the 450 minimum) and a night; day 2: 200 mi (370.00 < 450: the
  // day rate) and a night; day 3: 100 mi, the day rate.
  const days = [
    {
      tripDate: day1,
      startLocation: "Amarillo, TX",
      endLocation: "Oklahoma City, OK",
      miles: "300",
      overnight: true,
    },
    {
      tripDate: addDaysIso(day1, 1),
      startLocation: "Oklahoma City, OK",
      endLocation: "Joplin, MO",
      miles: "200",
      overnight: true,
    },
    { tripDate: addDaysIso(day1, 2), startLocation: "Joplin, MO", endLocation: "Tulsa, OK", miles: "100" },
  ];
  for (const trip of days) {
    await apiCreate(pevoPage.request, "/api/portal/trip-logs", {
      ...trip,
      hours: "8",
      dispatchId: j.dispatch.id,
      expenses: [],
    });
  }
  await pevoContext.close();

  await page.goto(`/dispatching/${j.dispatch.id}`);
  await page.getByRole("link", { name: "Create Invoice" }).click();
  await expect(page.getByText(`Creating invoice for Job #${j.rc.jobNumber}`, { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole("button", { name: "Suggest lines from the job" }).click();
  const dialog = page.getByRole("dialog", { name: "Suggested lines" });
  const suggested = dialog.getByTestId("suggested-line");
  await expect(suggested).toHaveCount(5, { timeout: 30_000 });
  await expect(suggested.filter({ hasText: "Overnight" })).toHaveCount(2);
  await expect(suggested.filter({ hasText: "Day rate" })).toHaveCount(2);
  await expect(suggested.filter({ hasText: "300 mi × $1.85/mi" })).toContainText("$555.00");
  await expect(dialog).toContainText("5 lines selected · $1,705.00");
  await dialog.getByRole("button", { name: "Add 5 lines" }).click();
  await expect(toastWith(page, "Added 5 lines")).toBeVisible();
  await page.getByRole("button", { name: "Create Invoice" }).click();
  await expect(toastWith(page, "Invoice created successfully")).toBeVisible({ timeout: 30_000 });
  const id = /\/invoices\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  const stored = (await (await page.request.get(`/api/invoices/${id}`)).json()) as {
    total: string;
    lineItems: { kind: string; date: string; charge: string }[];
  };
  expect(stored.total).toBe("1705.00");
  // Each of the three days is billed, the two nights on the days they were spent.
  const byDay = (d: string) => stored.lineItems.filter((l) => l.date === d).map((l) => [l.kind, l.charge]);
  expect(byDay(day1)).toEqual(
    expect.arrayContaining([
      ["mileage", "555.00"],
      ["overnight", "125.00"],
    ]),
  );
  expect(byDay(addDaysIso(day1, 1))).toEqual(
    expect.arrayContaining([
      ["day", "450.00"],
      ["overnight", "125.00"],
    ]),
  );
  expect(byDay(addDaysIso(day1, 2))).toEqual([["day", "450.00"]]);
});

async function download(page: Page, link: string) {
  const event = page.waitForEvent("download");
  await page.getByRole("link", { name: link, exact: true }).click();
  const text = await readFile(await (await event).path(), "utf8");
  expect(text.startsWith("\ufeff"), `${link} starts with a byte order mark`).toBe(true);
  return csvRecords(text.slice(1));
}

test("a factored invoice's PDF says where to pay; credit memos and payments go to QuickBooks", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInFreshAdmin(page, request, "books-factor");
  const api = page.request;
  const { today } = await browserDays(page);
  const j = await job(api, addDaysIso(today, -10));
  const notice =
    "This invoice has been assigned to Lone Star Capital. Payment must be made only to the remit-to address above.";
  const factor = await api.put("/api/company/factoring", {
    data: { name: "Lone Star Capital", email: "", remitTo: "PO Box 4410\nDallas, TX 75201", notice },
    headers: sameOrigin(),
  });
  expect(factor.status(), await factor.text()).toBe(200);
  const invoice = await apiCreate<{ id: string; invoiceNumber: string }>(api, "/api/invoices", {
    invoiceNumber: `FX-${j.tag}`,
    issueDate: addDaysIso(today, -5),
    dueDate: addDaysIso(today, 25),
    dispatchId: j.dispatch.id,
    clientId: j.client.id,
    customerName: j.client.name,
    lineItems: [
      {
        kind: "mileage",
        date: addDaysIso(today, -10),
        location: "Amarillo, TX → Tulsa, OK",
        mileage: "612",
        charge: "1132.20",
      },
      {
        kind: "overnight",
        date: addDaysIso(today, -10),
        location: "Overnight at Tulsa, OK",
        mileage: "0",
        charge: "125.00",
      },
    ],
  });
  const sent = await api.post(`/api/invoices/${invoice.id}/send`, {
    data: { to: `ap-${j.tag}@redriver.test` },
    headers: sameOrigin(),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const factored = await api.post(`/api/invoices/${invoice.id}/factoring`, {
    data: { factored: true },
    headers: sameOrigin(),
  });
  expect(factored.status(), await factored.text()).toBeLessThan(300);

  // The PDF: Remit To and the notice; rendered to PNG to be looked at.
  const pdf = await api.get(`/api/invoices/${invoice.id}/pdf`);
  expect(pdf.status()).toBe(200);
  const bytes = await pdf.body();
  const text = (await readPdf(bytes)).text.replace(/\s+/g, " ");
  expect(text).toContain("Remit To");
  expect(text).toContain("Lone Star Capital");
  expect(text).toContain("PO Box 4410");
  expect(text).toContain(notice);
  const shotsDir = screenshotFolder("books");
  writeFileSync(`${shotsDir}/factored-invoice.pdf`, bytes);
  execFileSync("pdftoppm", [
    "-png",
    "-r",
    "60",
    `${shotsDir}/factored-invoice.pdf`,
    `${shotsDir}/factored-invoice`,
  ]);
  expect(readFileSync(`${shotsDir}/factored-invoice-1.png`).subarray(1, 4).toString()).toBe("PNG");

  // The factor's advance (method factoring) and a credit note for an overnight not owed.
  await apiCreate(api, `/api/invoices/${invoice.id}/payments`, {
    date: today,
    amount: "1000.00",
    method: "factoring",
    reference: "ADV-77",
  });
  const note = await apiCreate<{ creditNoteNumber: string; total: string }>(
    api,
    `/api/invoices/${invoice.id}/credit-notes`,
    {
      date: today,
      reason: "Overnight not owed",
      lines: [{ description: "Overnight at Tulsa, OK", quantity: "1", rate: "125.00" }],
    },
  );

  await page.goto("/receivables");
  const memos = await download(page, "QuickBooks credit memos CSV");
  expect(memos.header).toEqual([
    "CreditMemoNo",
    "Customer",
    "CreditMemoDate",
    "Item(Product/Service)",
    "ItemDescription",
    "ItemQuantity",
    "ItemRate",
    "ItemAmount",
    "Memo",
  ]);
  expect(memos.records).toEqual([
    expect.objectContaining({
      CreditMemoNo: note.creditNoteNumber,
      Customer: j.client.name,
      ItemQuantity: "1",
      ItemRate: "125.00",
      ItemAmount: note.total,
      Memo: `Credit for invoice ${invoice.invoiceNumber}: Overnight not owed`,
    }),
  ]);
  const paid = await download(page, "QuickBooks payments CSV");
  expect(paid.header).toEqual([
    "PaymentDate",
    "Customer",
    "PaymentMethod",
    "ReferenceNo",
    "InvoiceNo",
    "Amount",
    "Memo",
  ]);
  expect(paid.records).toEqual([
    expect.objectContaining({
      Customer: j.client.name,
      PaymentMethod: "Factoring",
      ReferenceNo: "ADV-77",
      InvoiceNo: invoice.invoiceNumber,
      Amount: "1000.00",
    }),
  ]);
});

test("screens and PDFs of the books, looked at", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInFreshAdmin(page, request, "books-shots");
  const api = page.request;
  const { today } = await browserDays(page);
  const j = await job(api, addDaysIso(today, -6));
  const toBill = await job(api, addDaysIso(today, -3)); // a second client with a completed job to bill
  const invoice = await apiCreate<{ id: string; invoiceNumber: string }>(api, "/api/invoices", {
    invoiceNumber: `SH-${j.tag}`,
    issueDate: addDaysIso(today, -5),
    dueDate: addDaysIso(today, 25),
    dispatchId: j.dispatch.id,
    clientId: j.client.id,
    customerName: j.client.name,
    lineItems: [
      {
        kind: "mileage",
        date: addDaysIso(today, -6),
        location: "Amarillo, TX → Tulsa, OK",
        mileage: "612",
        charge: "1132.20",
      },
      {
        kind: "overnight",
        date: addDaysIso(today, -6),
        location: "Overnight at Tulsa, OK",
        mileage: "0",
        charge: "125.00",
      },
      {
        kind: "discount",
        date: addDaysIso(today, -6),
        location: "Loyalty discount",
        mileage: "0",
        charge: "-50.00",
      },
    ],
    notes: "Thank you for your business.",
  });
  const sent = await api.post(`/api/invoices/${invoice.id}/send`, {
    data: { to: `ap-${j.tag}@redriver.test` },
    headers: sameOrigin(),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await apiCreate(api, `/api/invoices/${invoice.id}/payments`, {
    date: today,
    amount: "500.00",
    method: "check",
    reference: "CHK-2201",
  });
  const note = await apiCreate<{ id: string }>(api, `/api/invoices/${invoice.id}/credit-notes`, {
    date: today,
    reason: "Overnight not owed",
    lines: [{ description: "Overnight at Tulsa, OK", quantity: "1", rate: "125.00" }],
  });
  const shotsDir = screenshotFolder("books");
  for (const [name, path, words] of [
    ["invoice", `/api/invoices/${invoice.id}/pdf`, "INVOICE"],
    ["credit-note", `/api/credit-notes/${note.id}/pdf`, "Overnight not owed"],
    ["statement", `/api/receivables/clients/${j.client.id}/statement.pdf`, invoice.invoiceNumber],
  ] as const) {
    const res = await api.get(path);
    expect(res.status(), name).toBe(200);
    const bytes = await res.body();
    expect((await readPdf(bytes)).text).toContain(words);
    writeFileSync(`${shotsDir}/${name}.pdf`, bytes);
    execFileSync("pdftoppm", ["-png", "-r", "60", `${shotsDir}/${name}.pdf`, `${shotsDir}/${name}`]);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/invoices/bill-jobs");
  await expect(page.getByText(toBill.client.name).first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${shotsDir}/bill-jobs-1280.png`, fullPage: true });
  await page.goto("/settings?tab=factoring");
  await expect(page.getByLabel("Factoring company", { exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: `${shotsDir}/factoring-settings-1280.png`, fullPage: true });
});
