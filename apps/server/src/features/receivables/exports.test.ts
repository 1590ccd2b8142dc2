/**
 * The accounting exports parsed back: GET /api/receivables/payments.csv (a date range of payments)
 * and GET /api/receivables/quickbooks.csv (QuickBooks Online's invoice import: one row per line,
 * a "Sales Tax" row for the tax, US dates, default terms only, an item per line kind), with their
 * money compared to the invoices' exact totals.
 */
import { invoices } from "@pevo/db";
import {
  DEFAULT_TIME_ZONE,
  QUICKBOOKS_CREDIT_MEMO_HEADER,
  QUICKBOOKS_INVOICE_HEADER,
  QUICKBOOKS_PAYMENT_HEADER,
  toCents,
} from "@pevo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { csvRecords, downloadCsv } from "../../../test/csv";
import {
  APP_URL,
  createTestApp,
  type JsonBody,
  type SignedUpAdmin,
  type TestApp,
} from "../../../test/harness";
import { entry } from "../../../test/rows";
import { addDaysIso } from "../../lib/dates";
import { zonedDate } from "../../lib/zoned-time";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let base: string;
const day = (n: number) => addDaysIso(base, n);
/** MM/DD/YYYY, as a US QuickBooks Online company reads dates. */
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
type Made = { id: string; invoiceNumber: string; total: string };
let made: Record<"march" | "mid" | "later" | "odd" | "draft" | "void" | "other", Made>;

let n = 0;
async function invoice(admin: SignedUpAdmin, dispatchId: string, clientId: string, overrides: JsonBody) {
  n += 1;
  const res = await t.as(admin)("POST", "/api/invoices", {
    invoiceNumber: `QB-${n}`,
    dispatchId,
    clientId,
    customerName: 'Acme, "Heavy" Haul',
    allowAdditional: true,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Made;
}

async function pay(admin: SignedUpAdmin, id: string, body: JsonBody) {
  const res = await t.as(admin)("POST", `/api/invoices/${id}/payments`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function csv(admin: SignedUpAdmin, path: string) {
  const res = await t.as(admin)("GET", path);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
  return { ...csvRecords(res.body as string), disposition: res.headers.get("content-disposition") };
}

const sumCents = (values: string[]) => values.reduce((s, v) => s + toCents(v), 0);
/** ItemQuantity × ItemRate in cents, in integers (a quantity has at most two decimals, like miles). */
const productCents = (r: Record<string, string>) =>
  (toCents(entry(r, "ItemQuantity")) * toCents(entry(r, "ItemRate"))) / 100;

beforeAll(async () => {
  t = await createTestApp();
  base = addDaysIso(zonedDate(DEFAULT_TIME_ZONE), -90);
  adminA = await t.signUpAdmin({ companyName: "Exports A" });
  adminB = await t.signUpAdmin({ companyName: "Exports B" });
  const company = await t.as(adminA)("GET", "/api/company");
  expect((await t.as(adminA)("PUT", "/api/company", { ...company.body, taxRate: "8.25" })).status).toBe(200);
  const clientA = (await t.createClient(adminA, { name: "Acme Heavy Haul" })).id;
  const rc = await t.createRateConfirmation(adminA, {
    clientId: clientA,
    jobNumber: "QB-JOB",
    customRates: [{ name: "Permit: oversize", amount: "200.05", unit: "per_job" }],
  });
  const dispatchA = (await t.createDispatch(adminA, { rateConfirmationId: rc.id })).id as string;
  const clientB = (await t.createClient(adminB, { name: "Other Co Client" })).id;
  const rcB = await t.createRateConfirmation(adminB, { clientId: clientB, jobNumber: "QB-B" });
  const dispatchB = (await t.createDispatch(adminB, { rateConfirmationId: rcB.id })).id as string;

  const lines = (...charges: string[]) =>
    charges.map((charge, i) => ({
      date: day(i),
      location: `Stop ${i + 1}, TX`,
      mileage: i ? "0" : "12.5",
      charge,
    }));
  const [first, second, third] = lines("100.10", "200.05", "0.01");
  made = {
    march: await invoice(adminA, dispatchA, clientA, {
      issueDate: day(0),
      dueDate: day(30),
      lineItems: [
        { ...first, kind: "day" },
        // Suggested from the rate confirmation's custom rate: billed as that rate.
        { ...second, kind: "custom", location: "Permit: oversize ($200.05)" },
        // Typed by hand.
        { ...third, kind: "custom", location: "Pilot car wash" },
      ],
    }),
    mid: await invoice(adminA, dispatchA, clientA, {
      issueDate: day(10),
      dueDate: day(25),
      lineItems: [
        // 12.5 mi does not divide $1,234.56 into a whole-cent rate: exported as 1 × the charge.
        ...lines("1234.56").map((line) => ({ ...line, kind: "mileage" })),
        // 612 mi at $1.85 a mile: exported as 612 × 1.85.
        {
          kind: "mileage",
          date: day(11),
          location: "Dallas, TX → Tulsa, OK",
          mileage: "612",
          charge: "1132.20",
        },
      ],
    }),
    later: await invoice(adminA, dispatchA, clientA, {
      issueDate: day(40),
      dueDate: day(40),
      lineItems: lines("99.99").map((line) => ({ ...line, kind: "expense" })),
    }),
    odd: await invoice(adminA, dispatchA, clientA, {
      issueDate: day(50),
      dueDate: day(95),
      lineItems: lines("45.00").map((line) => ({ ...line, kind: "overnight" })),
    }),
    draft: await invoice(adminA, dispatchA, clientA, {
      issueDate: day(5),
      dueDate: day(35),
      lineItems: lines("5.00"),
    }),
    void: await invoice(adminA, dispatchA, clientA, {
      issueDate: day(6),
      dueDate: day(36),
      lineItems: lines("6.00"),
    }),
    other: await invoice(adminB, dispatchB, clientB, {
      issueDate: day(1),
      dueDate: day(31),
      lineItems: lines("7.00"),
    }),
  };
  for (const sent of [made.march, made.mid, made.later, made.odd]) {
    await t.db.update(invoices).set({ status: "sent" }).where(eq(invoices.id, sent.id));
  }
  await t.db.update(invoices).set({ status: "sent" }).where(eq(invoices.id, made.other.id));
  await t.db.update(invoices).set({ status: "void" }).where(eq(invoices.id, made.void.id));

  await pay(adminA, made.march.id, {
    date: day(3),
    amount: "50.00",
    method: "check",
    reference: "CHK-1001",
    note: 'Paid, "early"\nthanks',
  });
  await pay(adminA, made.mid.id, { date: day(20), amount: "0.01", method: "ach" });
  await pay(adminA, made.later.id, { date: day(45), amount: "10.00", method: "card" });
  await pay(adminB, made.other.id, { date: day(4), amount: "7.00", method: "cash" });
}, 180_000);

afterAll(() => t?.close());

describe("GET /api/receivables/quickbooks.csv", () => {
  test("one row per line (and one for the tax) with QuickBooks' columns; the rows add up to each total", async () => {
    const { header, records, disposition } = await csv(
      adminA,
      `/api/receivables/quickbooks.csv?issueFrom=${day(0)}&issueTo=${day(30)}`,
    );
    expect(header).toEqual([...QUICKBOOKS_INVOICE_HEADER]);
    expect(disposition).toMatch(/quickbooks-invoices-\d{4}-\d{2}-\d{2}\.csv/);
    // Draft, void, out of range and company B's are left out.
    expect([...new Set(records.map((r) => r.InvoiceNo))]).toEqual([
      made.march.invoiceNumber,
      made.mid.invoiceNumber,
    ]);
    for (const inv of [made.march, made.mid]) {
      const rows = records.filter((r) => r.InvoiceNo === inv.invoiceNumber);
      const total = (await t.as(adminA)("GET", `/api/invoices/${inv.id}`)).body as {
        total: string;
        tax: string;
      };
      expect(sumCents(rows.map((r) => entry(r, "ItemAmount")))).toBe(toCents(total.total));
      expect(rows.at(-1)).toMatchObject({ "Item(Product/Service)": "Sales Tax", ItemAmount: total.tax });
      // Quantity × rate is each line's amount to the cent, so QuickBooks recomputes the same total.
      for (const r of rows) expect(productCents(r)).toBe(toCents(entry(r, "ItemAmount")));
      expect(rows.reduce((sum, r) => sum + productCents(r), 0)).toBe(toCents(total.total));
    }
    const march = records.filter((r) => r.InvoiceNo === made.march.invoiceNumber);
    expect(march.map((r) => r.ItemAmount)).toEqual(["100.10", "200.05", "0.01", "24.76"]);
    expect(march[0]).toEqual({
      InvoiceNo: made.march.invoiceNumber,
      Customer: 'Acme, "Heavy" Haul',
      InvoiceDate: us(day(0)),
      DueDate: us(day(30)),
      Terms: "Net 30",
      "Item(Product/Service)": "Day rate",
      ItemDescription: `${us(day(0))} Stop 1, TX (12.50 mi)`,
      ItemQuantity: "1",
      ItemRate: "100.10",
      ItemAmount: "100.10",
    });
    // The custom rate's name (its colon would make a QuickBooks sub-item), a typed line's kind label.
    expect(march.map((r) => r["Item(Product/Service)"])).toEqual([
      "Day rate",
      "Permit - oversize",
      "Other charges",
      "Sales Tax",
    ]);
    expect(march[1]?.ItemDescription).toBe(`${us(day(1))} Permit: oversize ($200.05)`);
    const mid = records.filter((r) => r.InvoiceNo === made.mid.invoiceNumber);
    expect(mid[0]).toMatchObject({
      InvoiceDate: us(day(10)),
      DueDate: us(day(25)),
      Terms: "Net 15",
      "Item(Product/Service)": "Mileage",
      ItemQuantity: "1",
      ItemRate: "1234.56",
      ItemAmount: "1234.56",
    });
    expect(mid[1]).toMatchObject({
      "Item(Product/Service)": "Mileage",
      ItemDescription: `${us(day(11))} Dallas, TX → Tulsa, OK (612.00 mi)`,
      ItemQuantity: "612",
      ItemRate: "1.85",
      ItemAmount: "1132.20",
    });
  });

  test("the file starts with a UTF-8 byte order mark (Excel on Windows reads '→' right)", async () => {
    const file = await downloadCsv(t.app, `${APP_URL}/api/receivables/quickbooks.csv`, adminA.cookie);
    expect(file.status).toBe(200);
    expect(file.bom).toBe(true);
    const { header, records } = csvRecords(file.text);
    // The column names of QuickBooks Online's invoice import (its sample file), written out here.
    expect(header).toEqual([
      "InvoiceNo",
      "Customer",
      "InvoiceDate",
      "DueDate",
      "Terms",
      "Item(Product/Service)",
      "ItemDescription",
      "ItemQuantity",
      "ItemRate",
      "ItemAmount",
    ]);
    expect(records.some((r) => r.ItemDescription?.includes("Dallas, TX → Tulsa, OK"))).toBe(true);
  });

  test("Terms only when they are one of QuickBooks' defaults; the due date says the rest", async () => {
    const { records } = await csv(adminA, `/api/receivables/quickbooks.csv?issueFrom=${day(40)}`);
    const of = (key: keyof typeof made) => records.find((r) => r.InvoiceNo === made[key].invoiceNumber);
    expect(of("later")).toMatchObject({
      InvoiceDate: us(day(40)),
      DueDate: us(day(40)),
      Terms: "Due on receipt",
      "Item(Product/Service)": "Expenses at cost",
    });
    expect(of("odd")).toMatchObject({
      DueDate: us(day(95)),
      Terms: "",
      "Item(Product/Service)": "Overnight",
    });
    for (const r of records) expect(r.InvoiceDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  test("without a range: every sent invoice; another company sees only its own", async () => {
    const all = await csv(adminA, "/api/receivables/quickbooks.csv");
    expect(new Set(all.records.map((r) => r.InvoiceNo)).size).toBe(4);
    const other = await csv(adminB, "/api/receivables/quickbooks.csv");
    expect(other.records.map((r) => r.InvoiceNo)).toEqual([made.other?.invoiceNumber]);
  });

  test("a bad date is a 400", async () => {
    const res = await t.as(adminA)("GET", "/api/receivables/quickbooks.csv?issueFrom=2025-02-30");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("issueFrom must be a date");
  });
});

describe("GET /api/receivables/payments.csv", () => {
  test("the payments of the range, exact, with quotes and line breaks kept", async () => {
    const { header, records } = await csv(
      adminA,
      `/api/receivables/payments.csv?dateFrom=${day(0)}&dateTo=${day(30)}`,
    );
    expect(header).toEqual([
      "Date",
      "Invoice Number",
      "Client",
      "Amount",
      "Method",
      "Reference",
      "Note",
      "Recorded",
      "Kept as Client Credit",
    ]);
    expect(records.map((r) => [r.Date, r["Invoice Number"], r.Amount, r.Method])).toEqual([
      [day(3), made.march.invoiceNumber, "50.00", "Check"],
      [day(20), made.mid.invoiceNumber, "0.01", "ACH"],
    ]);
    expect(sumCents(records.map((r) => entry(r, "Amount")))).toBe(5001);
    expect(records[0]).toMatchObject({
      Client: "Acme Heavy Haul",
      Reference: "CHK-1001",
      Note: 'Paid, "early"\nthanks',
    });
    const file = await downloadCsv(t.app, `${APP_URL}/api/receivables/payments.csv`, adminA.cookie);
    expect(file.bom).toBe(true);
  });

  test("every payment without a range; company B's stay out", async () => {
    const all = await csv(adminA, "/api/receivables/payments.csv");
    expect(sumCents(all.records.map((r) => entry(r, "Amount")))).toBe(6001);
    const other = await csv(adminB, "/api/receivables/payments.csv");
    expect(other.records.map((r) => r.Amount)).toEqual(["7.00"]);
  });
});

describe("QuickBooks credit memos and received payments", () => {
  let note: { creditNoteNumber: string; total: string; applied: string };
  beforeAll(async () => {
    // 1.5 × $0.03 is $0.045, rounded half up to $0.05: not quantity × rate to the cent.
    const res = await t.as(adminA)("POST", `/api/invoices/${made.later.id}/credit-notes`, {
      date: day(46),
      reason: 'Tolls, "billed" twice',
      lines: [
        { description: "Tolls at cost", quantity: "2", rate: "20.00" },
        { description: "Rounding, 1.5 × 0.03", quantity: "1.5", rate: "0.03" },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    note = res.body as typeof note;
    // An overpayment by the factor: $60.00 on $48.71, the excess kept as the client's credit.
    await pay(adminA, made.odd.id, {
      date: day(51),
      amount: "60.00",
      method: "factoring",
      reference: "ADV-1",
    });
  });

  test("credit memos: QuickBooks' columns, a BOM, one row per line adding up to the credit note exactly", async () => {
    const file = await downloadCsv(
      t.app,
      `${APP_URL}/api/receivables/quickbooks-credit-memos.csv?dateFrom=${day(40)}&dateTo=${day(50)}`,
      adminA.cookie,
    );
    expect(file.status).toBe(200);
    expect(file.bom).toBe(true);
    const { header, records } = csvRecords(file.text);
    expect(header).toEqual([
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
    expect(header).toEqual([...QUICKBOOKS_CREDIT_MEMO_HEADER]);
    const memo = `Credit for invoice ${made.later.invoiceNumber}: Tolls, "billed" twice`;
    expect(records).toEqual([
      {
        CreditMemoNo: note.creditNoteNumber,
        Customer: 'Acme, "Heavy" Haul',
        CreditMemoDate: us(day(46)),
        "Item(Product/Service)": "Credit note",
        ItemDescription: "Tolls at cost",
        ItemQuantity: "2",
        ItemRate: "20.00",
        ItemAmount: "40.00",
        Memo: memo,
      },
      {
        CreditMemoNo: note.creditNoteNumber,
        Customer: 'Acme, "Heavy" Haul',
        CreditMemoDate: us(day(46)),
        "Item(Product/Service)": "Credit note",
        ItemDescription: "Rounding, 1.5 × 0.03",
        ItemQuantity: "1",
        ItemRate: "0.05",
        ItemAmount: "0.05",
        Memo: memo,
      },
    ]);
    // The round trip: the rows' amounts and their quantity × rate are the credit note's total, to the cent.
    expect(note.total).toBe("40.05");
    expect(sumCents(records.map((r) => entry(r, "ItemAmount")))).toBe(toCents(note.total));
    expect(records.reduce((sum, r) => sum + productCents(r), 0)).toBe(toCents(note.total));
  });

  test("credit memos: the range and the company select", async () => {
    const after = await csv(adminA, `/api/receivables/quickbooks-credit-memos.csv?dateFrom=${day(47)}`);
    expect(after.disposition).toMatch(/quickbooks-credit-memos-\d{4}-\d{2}-\d{2}\.csv/);
    expect(after.records).toEqual([]);
    expect((await csv(adminA, "/api/receivables/quickbooks-credit-memos.csv")).records).toHaveLength(2);
    expect((await csv(adminB, "/api/receivables/quickbooks-credit-memos.csv")).records).toEqual([]);
    const bad = await t.as(adminA)("GET", "/api/receivables/quickbooks-credit-memos.csv?dateTo=2025-13-01");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("dateTo must be a date");
  });

  test("payments: money received only, the overpayment whole, exact; credit notes stay out", async () => {
    const file = await downloadCsv(
      t.app,
      `${APP_URL}/api/receivables/quickbooks-payments.csv`,
      adminA.cookie,
    );
    expect(file.status).toBe(200);
    expect(file.bom).toBe(true);
    const { header, records } = csvRecords(file.text);
    expect(header).toEqual([
      "PaymentDate",
      "Customer",
      "PaymentMethod",
      "ReferenceNo",
      "InvoiceNo",
      "Amount",
      "Memo",
    ]);
    expect(header).toEqual([...QUICKBOOKS_PAYMENT_HEADER]);
    expect(records.map((r) => [r.PaymentDate, r.InvoiceNo, r.Amount, r.PaymentMethod])).toEqual([
      [us(day(3)), made.march.invoiceNumber, "50.00", "Check"],
      [us(day(20)), made.mid.invoiceNumber, "0.01", "ACH"],
      [us(day(45)), made.later.invoiceNumber, "10.00", "Card"],
      [us(day(51)), made.odd.invoiceNumber, "60.00", "Factoring"],
    ]);
    // The credit note's applied part is not money received.
    expect(note.applied).not.toBe("0.00");
    expect(records.some((r) => r.PaymentMethod === "Credit note")).toBe(false);
    expect(sumCents(records.map((r) => entry(r, "Amount")))).toBe(5000 + 1 + 1000 + 6000);
    expect(records[0]).toMatchObject({
      Customer: 'Acme, "Heavy" Haul',
      ReferenceNo: "CHK-1001",
      Memo: 'Paid, "early"\nthanks',
    });
    expect(records[3]).toMatchObject({ ReferenceNo: "ADV-1" });
    const ranged = await csv(adminA, `/api/receivables/quickbooks-payments.csv?dateFrom=${day(50)}`);
    expect(ranged.disposition).toMatch(/quickbooks-payments-\d{4}-\d{2}-\d{2}\.csv/);
    expect(ranged.records.map((r) => r.Amount)).toEqual(["60.00"]);
    const other = await csv(adminB, "/api/receivables/quickbooks-payments.csv");
    expect(other.records.map((r) => [r.Customer, r.Amount])).toEqual([['Acme, "Heavy" Haul', "7.00"]]);
  });
});
